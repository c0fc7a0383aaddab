# Made by `python -m ezkit.compiled_templates` from templates/cheatsheet.html: not to edit.
SOURCE_SHA256 = "1cfac714740006c8b6e246f8988c440509127cf6c792baca2b108e3a51e29ce3"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'cheatsheet.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_sheet = resolve('sheet')
    l_0_paper = resolve('paper')
    l_0_rules = missing
    pass
    yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>'
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'title'))
    yield ': cheat sheet</title>\n<link rel="stylesheet" href="base.css">\n<link rel="stylesheet" href="cheatsheet.css">\n<style>\n  @page { size: '
    yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
    yield '; margin: 10mm 11mm 11mm 11mm;\n          @bottom-right { content: string(title) " · cheat sheet · page " counter(page) " of " counter(pages); font-size: 7pt; color: #888; } }\n  html { font-size: '
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'type_size'))
    yield '; }\n</style>\n</head>\n<body>\n'
    def macro(l_1_section):
        t_1 = []
        if l_1_section is missing:
            l_1_section = undefined("parameter 'section' was not provided", name='section')
        pass
        t_1.extend((
            '  <h2>',
            escape(environment.getattr(l_1_section, 'heading')),
            '</h2>\n',
        ))
        if environment.getattr(l_1_section, 'numbered'):
            pass
            t_1.append(
                '<ol class="plain">',
            )
            for l_2_item in environment.getitem(l_1_section, 'items'):
                _loop_vars = {}
                pass
                t_1.extend((
                    '<li>',
                    escape(l_2_item),
                    '</li>',
                ))
            l_2_item = missing
            t_1.append(
                '</ol>\n',
            )
        else:
            pass
            t_1.append(
                '<ul class="plain">',
            )
            for l_2_item in environment.getitem(l_1_section, 'items'):
                _loop_vars = {}
                pass
                t_1.extend((
                    '<li>',
                    escape(l_2_item),
                    '</li>',
                ))
            l_2_item = missing
            t_1.append(
                '</ul>',
            )
        return concat(t_1)
    context.exported_vars.add('rules')
    context.vars['rules'] = l_0_rules = Macro(environment, macro, 'rules', ('section',), False, False, False, context.eval_ctx.autoescape)
    yield '<div class="head">\n  <h1 class="title">'
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'title'))
    yield '</h1>\n  <div class="sub">'
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'players'))
    if environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'options_on'):
        pass
        yield ' · options: '
        yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'options_on'))
    yield '</div>\n</div>\n<p class="goal"><b>Goal.</b> '
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'goal'))
    yield '</p>\n<table class="layout"><tr>\n<td class="left">\n'
    for l_1_section in environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'sections'):
        _loop_vars = {}
        pass
        yield escape(context.call((undefined(name='rules') if l_0_rules is missing else l_0_rules), l_1_section, _loop_vars=_loop_vars))
    l_1_section = missing
    if environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'options'):
        pass
        yield '  <h2>Options in play</h2>\n'
        for l_1_o in environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'options'):
            _loop_vars = {}
            pass
            yield '<p class="option"><b>'
            yield escape(environment.getattr(l_1_o, 'name'))
            yield '.</b> '
            yield escape(environment.getattr(l_1_o, 'text'))
            yield '</p>'
        l_1_o = missing
    if environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'available'):
        pass
        yield '<p class="caption">'
        yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'available'))
        yield '</p>'
    yield '</td>\n<td class="right">\n  <h2>The cards</h2>\n  <table class="cards">\n    <colgroup><col class="name"><col class="num"><col></colgroup>\n'
    for l_1_c in environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'cards'):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_c, 'group'):
            pass
            yield '<tr class="group"><td colspan="3">'
            yield escape(environment.getattr(l_1_c, 'group'))
            yield '</td></tr>'
        yield '<tr class="'
        yield escape(environment.getattr(l_1_c, 'kind'))
        yield '"><td class="name">'
        yield escape(environment.getattr(l_1_c, 'name'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_c, 'count'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_c, 'text'))
        yield '</td></tr>'
    l_1_c = missing
    yield '  </table>\n'
    for l_1_section in environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'more'):
        _loop_vars = {}
        pass
        yield escape(context.call((undefined(name='rules') if l_0_rules is missing else l_0_rules), l_1_section, _loop_vars=_loop_vars))
    l_1_section = missing
    yield '  <p class="caption">'
    yield escape(environment.getattr((undefined(name='sheet') if l_0_sheet is missing else l_0_sheet), 'source'))
    yield '</p>\n</td>\n</tr></table>\n</body>\n</html>'

blocks = {}
debug_info = '5=15&9=17&11=19&15=21&16=28&17=31&18=53&21=69&22=71&24=77&27=79&28=84&30=87&32=96&38=102&40=121&41=127'
