# Made by `python -m ezkit.compiled_templates` from templates/deck.html: not to edit.
SOURCE_SHA256 = "426e6230cd0e84fb785564d598a66adafc25e8545da1aac56e69369c71727956"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'deck.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_deck = resolve('deck')
    l_0_paper = resolve('paper')
    l_0_card = missing
    pass
    yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>'
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'title'))
    yield ': print-and-play deck</title>\n<link rel="stylesheet" href="base.css">\n<link rel="stylesheet" href="deck.css">\n<style>\n  @page { size: '
    yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
    yield '; margin: 0; }\n  .sheet { width: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'page_w'))
    yield '; height: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'page_h'))
    yield '; }\n  .card { height: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'card_h'))
    yield '; }\n  .panel { left: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'inner'))
    yield '; top: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'inner'))
    yield '; right: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'inner'))
    yield '; bottom: '
    yield escape(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'inner'))
    yield '; }\n'
    for l_1_rule in environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'styles'):
        _loop_vars = {}
        pass
        yield '  '
        yield escape(l_1_rule)
        yield '\n'
    l_1_rule = missing
    yield '</style>\n</head>\n<body>\n'
    included_template = environment.get_template('card.html', 'deck.html')._get_default_module(context)
    l_0_card = getattr(included_template, 'card', missing)
    if l_0_card is missing:
        l_0_card = undefined(f"the template {included_template.__name__!r} (imported on line 18 in 'deck.html') does not export the requested name 'card'", name='card')
    context.vars['card'] = l_0_card
    context.exported_vars.discard('card')
    for l_1_page in environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'pages'):
        _loop_vars = {}
        pass
        yield '<section class="sheet '
        yield escape(environment.getattr(l_1_page, 'side'))
        yield '">\n'
        for l_2_m in environment.getattr(l_1_page, 'marks'):
            _loop_vars = {}
            pass
            yield '<div class="mark '
            yield escape(environment.getattr(l_2_m, 'dir'))
            yield ' '
            yield escape(environment.getattr(l_2_m, 'at'))
            yield '"></div>'
        l_2_m = missing
        for l_2_column in environment.getattr(l_1_page, 'columns'):
            _loop_vars = {}
            pass
            yield '  <div class="column '
            yield escape(environment.getattr(l_2_column, 'at'))
            yield '">\n'
            for l_3_slot in environment.getattr(l_2_column, 'cards'):
                l_3_b = resolve('b')
                _loop_vars = {}
                pass
                if (environment.getattr(l_1_page, 'side') == 'face'):
                    pass
                    yield '  '
                    yield escape(context.call((undefined(name='card') if l_0_card is missing else l_0_card), environment.getattr(l_3_slot, 'face'), _loop_vars=_loop_vars))
                    yield '\n'
                else:
                    pass
                    l_3_b = environment.getattr(l_3_slot, 'back')
                    _loop_vars['b'] = l_3_b
                    yield '  <div class="card back">\n    <div class="panel">\n      <div class="back-mark">'
                    yield escape(environment.getattr((undefined(name='b') if l_3_b is missing else l_3_b), 'mark'))
                    yield '</div>\n      <div class="back-game">'
                    yield escape(environment.getattr((undefined(name='b') if l_3_b is missing else l_3_b), 'game'))
                    yield '</div>\n'
                    if environment.getattr((undefined(name='b') if l_3_b is missing else l_3_b), 'deck'):
                        pass
                        yield '<div class="back-deck">'
                        yield escape(environment.getattr((undefined(name='b') if l_3_b is missing else l_3_b), 'deck'))
                        yield '</div>'
                    yield '    </div>\n  </div>\n'
            l_3_slot = l_3_b = missing
            yield '  </div>\n'
        l_2_column = missing
        yield '</section>\n'
    l_1_page = missing
    yield '</body>\n</html>'

blocks = {}
debug_info = '5=15&9=17&10=19&11=23&12=25&13=33&18=41&19=47&20=51&21=53&22=62&23=66&24=68&25=72&26=75&27=79&30=82&31=84&32=86'
