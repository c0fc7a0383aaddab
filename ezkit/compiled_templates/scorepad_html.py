# Made by `python -m ezkit.compiled_templates` from templates/scorepad.html: not to edit.
SOURCE_SHA256 = "5a695d600c084ba431e521dcfe7eeb1c250db60609d2448436eaf0d6d7617453"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'scorepad.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_pad = resolve('pad')
    l_0_paper = resolve('paper')
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>'
    yield escape(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'title'))
    yield ': score pad</title>\n<link rel="stylesheet" href="base.css">\n<link rel="stylesheet" href="scorepad.css">\n<style>\n  @page { size: '
    yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
    yield '; margin: 10mm 11mm 11mm 11mm;\n          @bottom-right { content: string(title) " · score pad · page " counter(page) " of " counter(pages); font-size: 7pt; color: #888; } }\n  table.pad tr.line td { height: '
    yield escape(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'row_height'))
    yield '; }\n</style>\n</head>\n<body>\n<div class="head"><h1 class="title">'
    yield escape(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'title'))
    yield '</h1><div class="sub">Score pad · '
    yield escape(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'note'))
    yield '</div></div>\n'
    if environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens'):
        pass
        yield '<table class="pad tokens">\n  <colgroup><col class="label">'
        for l_1_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
            _loop_vars = {}
            pass
            for l_2_t in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens'):
                _loop_vars = {}
                pass
                yield '<col>'
            l_2_t = missing
        l_1_seat = missing
        yield '</colgroup>\n  <tr class="names"><th></th>'
        for l_1_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
            _loop_vars = {}
            pass
            yield '<th colspan="'
            yield escape(t_1(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens')))
            yield '" class="seat"><span class="muted">'
            yield escape(l_1_seat)
            yield '</span><div class="write"></div></th>'
        l_1_seat = missing
        yield '</tr>\n  <tr class="token-heads"><th></th>'
        l_1_loop = missing
        for l_1_seat, l_1_loop in LoopContext(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'), undefined):
            _loop_vars = {}
            pass
            l_2_loop = missing
            for l_2_t, l_2_loop in LoopContext(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens'), undefined):
                _loop_vars = {}
                pass
                yield '<th class="token'
                if environment.getattr(l_2_loop, 'first'):
                    pass
                    yield ' first'
                yield '"><span class="swatch" style="background: '
                yield escape(environment.getattr(l_2_t, 'colour'))
                yield '"></span>'
                yield escape(environment.getattr(l_2_t, 'label'))
                yield '</th>'
            l_2_loop = l_2_t = missing
        l_1_loop = l_1_seat = missing
        yield '</tr>\n'
        l_1_loop = missing
        for l_1_block, l_1_loop in LoopContext(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'blocks'), undefined):
            _loop_vars = {}
            pass
            yield '  <tr class="block"><td colspan="'
            yield escape(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'columns'))
            yield '">'
            yield escape(environment.getattr(l_1_block, 'heading'))
            yield '</td></tr>\n'
            l_2_loop = missing
            for l_2_line, l_2_loop in LoopContext(environment.getattr(l_1_block, 'lines'), undefined):
                _loop_vars = {}
                pass
                if environment.getattr(l_2_line, 'strong'):
                    pass
                    yield '<tr class="line strong"><td>'
                    yield escape(environment.getattr(l_2_line, 'label'))
                    yield '</td>'
                    for l_3_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
                        _loop_vars = {}
                        pass
                        yield '<td colspan="'
                        yield escape(t_1(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens')))
                        yield '" class="first"></td>'
                    l_3_seat = missing
                    yield '</tr>\n'
                else:
                    pass
                    yield '<tr class="line"><td>'
                    yield escape(environment.getattr(l_2_line, 'label'))
                    yield '</td>'
                    l_3_loop = missing
                    for l_3_seat, l_3_loop in LoopContext(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'), undefined):
                        _loop_vars = {}
                        pass
                        l_4_loop = missing
                        for l_4_t, l_4_loop in LoopContext(environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'tokens'), undefined):
                            _loop_vars = {}
                            pass
                            yield '<td class="tick'
                            if environment.getattr(l_4_loop, 'first'):
                                pass
                                yield ' first'
                            yield '"></td>'
                        l_4_loop = l_4_t = missing
                    l_3_loop = l_3_seat = missing
                    yield '</tr>'
            l_2_loop = l_2_line = missing
        l_1_loop = l_1_block = missing
        yield '</table>\n'
    else:
        pass
        yield '<table class="pad">\n  <colgroup><col class="label"><col class="note">'
        for l_1_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
            _loop_vars = {}
            pass
            yield '<col>'
        l_1_seat = missing
        yield '</colgroup>\n  <tr class="names"><th></th><th></th>'
        for l_1_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
            _loop_vars = {}
            pass
            yield '<th><span class="muted">'
            yield escape(l_1_seat)
            yield '</span><div class="write"></div></th>'
        l_1_seat = missing
        yield '</tr>\n'
        for l_1_block in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'blocks'):
            _loop_vars = {}
            pass
            yield '  <tr class="block"><td colspan="2">'
            yield escape(environment.getattr(l_1_block, 'heading'))
            yield '</td>'
            for l_2_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
                _loop_vars = {}
                pass
                yield '<td></td>'
            l_2_seat = missing
            yield '</tr>\n'
            for l_2_line in environment.getattr(l_1_block, 'lines'):
                _loop_vars = {}
                pass
                yield '  <tr class="line'
                if environment.getattr(l_2_line, 'strong'):
                    pass
                    yield ' strong'
                yield '"><td>'
                yield escape(environment.getattr(l_2_line, 'label'))
                yield '</td><td class="muted">'
                yield escape(environment.getattr(l_2_line, 'note'))
                yield '</td>'
                for l_3_seat in environment.getattr((undefined(name='pad') if l_0_pad is missing else l_0_pad), 'seats'):
                    _loop_vars = {}
                    pass
                    yield '<td class="cell"></td>'
                l_3_seat = missing
                yield '</tr>\n'
            l_2_line = missing
        l_1_block = missing
        yield '</table>\n'
    yield '</body>\n</html>'

blocks = {}
debug_info = '5=20&9=22&11=24&15=26&16=30&18=33&19=43&20=54&21=74&22=78&23=83&24=86&25=102&31=126&32=132&33=140&34=144&35=152&36=156'
