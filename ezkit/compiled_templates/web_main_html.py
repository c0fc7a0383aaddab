# Made by `python -m ezkit.compiled_templates` from templates/web/main.html: not to edit.
SOURCE_SHA256 = "eac6e3319fd5230fa9317605e3aa2209d0e6053da8da0e323b153f5af150928d"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'web/main.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_page = resolve('page')
    l_0_b = resolve('b')
    l_0_taps = resolve('taps')
    l_0_small = resolve('small')
    l_0_steps = resolve('steps')
    l_0_card = missing
    try:
        t_1 = environment.filters['capitalize']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'capitalize' found.")
    try:
        t_2 = environment.filters['reverse']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'reverse' found.")
    try:
        t_3 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    included_template = environment.get_template('card.html', 'web/main.html')._get_default_module(context)
    l_0_card = getattr(included_template, 'card', missing)
    if l_0_card is missing:
        l_0_card = undefined(f"the template {included_template.__name__!r} (imported on line 1 in 'web/main.html') does not export the requested name 'card'", name='card')
    context.vars['card'] = l_0_card
    context.exported_vars.discard('card')
    yield '<div class="main-col">\n<header>\n  <h1>'
    yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'game'))
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'player'):
        pass
        yield ' <span class="who">'
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'player'))
        yield '</span>'
    yield '</h1>\n  <p class="status">\n'
    if (environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'status') == 'over'):
        pass
        yield 'The game is over.\n'
    elif environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'waiting'):
        pass
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'waiting'))
        yield ' Waiting for answers.\n'
    elif environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'your_turn'):
        pass
        yield '<b>Your move.</b>\n'
    elif environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'to_move_name'):
        pass
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'to_move_name'))
        yield ' to move.\n'
    if (not t_3(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'round'))):
        pass
        yield '<span class="round">Round '
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'round'))
        yield '</span>'
    yield '  </p>\n</header>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'asked'):
        pass
        yield '<section id="asked" class="asked">'
        for l_1_line in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'asked'):
            _loop_vars = {}
            pass
            yield '<p>'
            yield escape(l_1_line)
            yield '</p>'
        l_1_line = missing
        yield '</section>'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'broken'):
        pass
        yield '<p class="note">The table stopped: '
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'broken'))
        yield '</p>'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'note'):
        pass
        yield '<p class="note">'
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'note'))
        yield '</p>'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'question'):
        pass
        yield '<section id="question" class="question">\n  <p>'
        yield escape(environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'question'), 'text'))
        yield '</p>\n  <button type="button" data-move="'
        yield escape(environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'question'), 'word'))
        yield '">'
        yield escape(t_1(environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'question'), 'word')))
        yield '</button>\n  <button type="button" data-move="pass">Pass</button>\n</section>\n'
    elif environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'answered'):
        pass
        yield '<p class="question">Answered: waiting for the others.</p>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'hand'):
        pass
        yield '<section id="hand" class="hand" aria-label="Your cards">\n'
        for l_1_c in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'hand'):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_c, 'face'):
                pass
                yield escape(context.call((undefined(name='card') if l_0_card is missing else l_0_card), environment.getattr(l_1_c, 'face'), web=True, _loop_vars=_loop_vars))
            else:
                pass
                yield '<div class="card web text" data-card="'
                yield escape(environment.getattr(l_1_c, 'id'))
                yield '">'
                yield escape(environment.getattr(l_1_c, 'id'))
                yield '</div>'
        l_1_c = missing
        yield '</section>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'):
        pass
        yield '<section id="card-moves" class="card-moves" hidden>\n'
        for (l_1_id, l_1_moves) in context.call(environment.getattr(environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'by_card'), 'items')):
            _loop_vars = {}
            pass
            yield '  <div class="for-card" data-for="'
            yield escape(l_1_id)
            yield '" hidden>\n'
            for l_2_m in l_1_moves:
                _loop_vars = {}
                pass
                yield '<button type="button" data-move="'
                yield escape(environment.getattr(l_2_m, 'move'))
                yield '"'
                if environment.getattr(l_2_m, 'where'):
                    pass
                    yield ' data-where="'
                    yield escape(environment.getattr(l_2_m, 'where'))
                    yield '"'
                yield '>'
                yield escape(environment.getattr(l_2_m, 'label'))
                yield '</button>'
            l_2_m = missing
            yield '  </div>\n'
        l_1_id = l_1_moves = missing
        yield '</section>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'board'):
        pass
        l_0_b = environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'board')
        context.vars['b'] = l_0_b
        context.exported_vars.add('b')
        l_0_taps = (environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'by_target') if (environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu') and environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'by_target')) else {})
        context.vars['taps'] = l_0_taps
        context.exported_vars.add('taps')
        def macro(l_1_c):
            t_4 = []
            if l_1_c is missing:
                l_1_c = undefined("parameter 'c' was not provided", name='c')
            pass
            if environment.getattr(l_1_c, 'face'):
                pass
                t_4.append(
                    escape(context.call((undefined(name='card') if l_0_card is missing else l_0_card), environment.getattr(l_1_c, 'face'), web=True)),
                )
            else:
                pass
                t_4.extend((
                    '<div class="card web text" data-card="',
                    escape(environment.getattr(l_1_c, 'id')),
                    '">',
                    escape(environment.getattr(l_1_c, 'id')),
                    '</div>',
                ))
            return concat(t_4)
        context.exported_vars.add('small')
        context.vars['small'] = l_0_small = Macro(environment, macro, 'small', ('c',), False, False, False, context.eval_ctx.autoescape)
        yield '<section id="board" class="board" aria-label="The table">\n'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'piles'):
            pass
            yield '  <div class="piles">\n'
            for l_1_p in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'piles'):
                _loop_vars = {}
                pass
                yield '    <div class="pile" data-target="'
                yield escape(environment.getattr(l_1_p, 'target'))
                yield '"'
                if context.call(environment.getattr((undefined(name='taps') if l_0_taps is missing else l_0_taps), 'get'), environment.getattr(l_1_p, 'target'), _loop_vars=_loop_vars):
                    pass
                    yield ' data-move="'
                    yield escape(environment.getitem((undefined(name='taps') if l_0_taps is missing else l_0_taps), environment.getattr(l_1_p, 'target')))
                    yield '"'
                yield ' role="button" tabindex="0" aria-label="'
                yield escape(environment.getattr(l_1_p, 'label'))
                yield '">\n      <div class="pile-label">'
                yield escape(environment.getattr(l_1_p, 'label'))
                yield '</div>\n      <div class="fan">\n'
                for l_2_c in t_2(environment.getattr(l_1_p, 'under')):
                    _loop_vars = {}
                    pass
                    yield '<div class="under">'
                    yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), l_2_c, _loop_vars=_loop_vars))
                    yield '</div>'
                l_2_c = missing
                if environment.getattr(l_1_p, 'top'):
                    pass
                    yield '<div class="top">'
                    yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), environment.getattr(l_1_p, 'top'), _loop_vars=_loop_vars))
                    yield '</div>'
                else:
                    pass
                    yield '<div class="empty">empty</div>'
                yield '      </div>\n      <div class="pile-count">'
                yield escape(environment.getattr(l_1_p, 'count'))
                yield ' card'
                if (environment.getattr(l_1_p, 'count') != 1):
                    pass
                    yield 's'
                if environment.getattr(l_1_p, 'unshown'):
                    pass
                    yield ' ('
                    yield escape(environment.getattr(l_1_p, 'unshown'))
                    yield ' not shown)'
                if environment.getattr(l_1_p, 'buried'):
                    pass
                    yield '; '
                    yield escape(environment.getattr(l_1_p, 'buried'))
                    yield ' more under a Baby'
                yield '</div>\n    </div>\n'
            l_1_p = missing
            yield '  </div>\n'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'grid'):
            pass
            yield '  <div class="grid">\n'
            for l_1_row in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'grid'):
                _loop_vars = {}
                pass
                yield '  <div class="row">\n'
                for l_2_c in l_1_row:
                    l_2_move = missing
                    _loop_vars = {}
                    pass
                    l_2_move = (context.call(environment.getattr(environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'by_cell'), 'get'), environment.getattr(l_2_c, 'cell'), _loop_vars=_loop_vars) if (environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu') and environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'by_cell')) else None)
                    _loop_vars['move'] = l_2_move
                    yield '    <div class="cell '
                    yield escape(environment.getattr(l_2_c, 'state'))
                    yield '" data-cell="'
                    yield escape(environment.getattr(l_2_c, 'cell'))
                    yield '"'
                    if (undefined(name='move') if l_2_move is missing else l_2_move):
                        pass
                        yield ' data-move="'
                        yield escape((undefined(name='move') if l_2_move is missing else l_2_move))
                        yield '" role="button" tabindex="0"'
                    yield ' data-target="'
                    yield escape(environment.getattr(l_2_c, 'target'))
                    yield '">\n'
                    if environment.getattr(l_2_c, 'face'):
                        pass
                        yield escape(context.call((undefined(name='card') if l_0_card is missing else l_0_card), environment.getattr(l_2_c, 'face'), web=True, _loop_vars=_loop_vars))
                    else:
                        pass
                        yield '<span class="label">'
                        yield escape(environment.getattr(l_2_c, 'cell'))
                        yield '</span>'
                    yield '    </div>\n'
                l_2_c = l_2_move = missing
                yield '  </div>\n'
            l_1_row = missing
            yield '  </div>\n'
        for l_1_case in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'cases'):
            _loop_vars = {}
            pass
            yield '  <div class="group case">\n    <div class="pile-label">'
            yield escape(environment.getattr(l_1_case, 'label'))
            yield '</div>\n    <div class="slots">'
            for l_2_sl in environment.getattr(l_1_case, 'slots'):
                _loop_vars = {}
                pass
                yield '<div class="slot'
                if environment.getattr(l_2_sl, 'stale'):
                    pass
                    yield ' stale'
                if environment.getattr(l_2_sl, 'sold'):
                    pass
                    yield ' sold'
                yield '" data-target="'
                yield escape(environment.getattr(l_2_sl, 'target'))
                yield '"'
                if context.call(environment.getattr((undefined(name='taps') if l_0_taps is missing else l_0_taps), 'get'), environment.getattr(l_2_sl, 'target'), _loop_vars=_loop_vars):
                    pass
                    yield ' data-move="'
                    yield escape(environment.getitem((undefined(name='taps') if l_0_taps is missing else l_0_taps), environment.getattr(l_2_sl, 'target')))
                    yield '" role="button" tabindex="0"'
                yield '><div class="slot-no">'
                yield escape(environment.getattr(l_2_sl, 'slot'))
                if environment.getattr(l_2_sl, 'times'):
                    pass
                    yield ' · '
                    yield escape(environment.getattr(l_2_sl, 'times'))
                    yield 'x'
                yield '</div>'
                if environment.getattr(l_2_sl, 'cake'):
                    pass
                    yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), environment.getattr(l_2_sl, 'cake'), _loop_vars=_loop_vars))
                else:
                    pass
                    yield '<div class="empty"></div>'
                if environment.getattr(l_2_sl, 'stale'):
                    pass
                    yield '<div class="slot-no">stale</div>'
                elif environment.getattr(l_2_sl, 'sold'):
                    pass
                    yield '<div class="slot-no">sold</div>'
                yield '</div>'
            l_2_sl = missing
            yield '</div>\n  </div>\n'
        l_1_case = missing
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'rows'):
            pass
            yield '  <div class="groups">\n'
            for l_1_r in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'rows'):
                _loop_vars = {}
                pass
                yield '    <div class="group" data-target="'
                yield escape(environment.getattr(l_1_r, 'target'))
                yield '"'
                if context.call(environment.getattr((undefined(name='taps') if l_0_taps is missing else l_0_taps), 'get'), environment.getattr(l_1_r, 'target'), _loop_vars=_loop_vars):
                    pass
                    yield ' data-move="'
                    yield escape(environment.getitem((undefined(name='taps') if l_0_taps is missing else l_0_taps), environment.getattr(l_1_r, 'target')))
                    yield '"'
                yield ' role="button" tabindex="0">\n      <div class="pile-label">'
                yield escape(environment.getattr(l_1_r, 'label'))
                yield '</div>\n      <div class="small-row">'
                for l_2_c in environment.getattr(l_1_r, 'cards'):
                    _loop_vars = {}
                    pass
                    yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), l_2_c, _loop_vars=_loop_vars))
                l_2_c = missing
                yield '</div>\n    </div>\n'
            l_1_r = missing
            yield '  </div>\n'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tableau'):
            pass
            yield '  <div class="group tableau">\n    <div class="pile-label">'
            yield escape(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tableau'), 'label'))
            yield '</div>\n    <div class="small-row">'
            for l_1_c in environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tableau'), 'cards'):
                _loop_vars = {}
                pass
                yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), l_1_c, _loop_vars=_loop_vars))
            l_1_c = missing
            yield '</div>\n  </div>\n'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stacks'):
            pass
            yield '  <div class="stacks">\n'
            for l_1_s in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stacks'):
                _loop_vars = {}
                pass
                yield '    <div class="stack">\n'
                if environment.getattr(l_1_s, 'top'):
                    pass
                    yield escape(context.call((undefined(name='small') if l_0_small is missing else l_0_small), environment.getattr(l_1_s, 'top'), _loop_vars=_loop_vars))
                elif (environment.getattr(l_1_s, 'back') and environment.getattr(l_1_s, 'count')):
                    pass
                    yield '<div class="back"><span>'
                    yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'game'))
                    yield '</span></div>'
                else:
                    pass
                    yield '<div class="empty">empty</div>'
                yield '      <div class="pile-count">'
                yield escape(environment.getattr(l_1_s, 'label'))
                yield ': '
                yield escape(environment.getattr(l_1_s, 'count'))
                yield '</div>\n    </div>\n'
            l_1_s = missing
            yield '  </div>\n'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'sentences'):
            pass
            yield '<div class="sentences">'
            for l_1_line in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'sentences'):
                _loop_vars = {}
                pass
                yield '<p>'
                yield escape(l_1_line)
                yield '</p>'
            l_1_line = missing
            yield '</div>'
        if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'seats'):
            pass
            yield '<ul class="seats">'
            for l_1_line in environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'seats'):
                _loop_vars = {}
                pass
                yield '<li>'
                yield escape(l_1_line)
                yield '</li>'
            l_1_line = missing
            yield '</ul>'
        yield '</section>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'):
        pass
        def macro(l_1_nodes):
            t_5 = []
            if l_1_nodes is missing:
                l_1_nodes = undefined("parameter 'nodes' was not provided", name='nodes')
            pass
            for l_2_n in l_1_nodes:
                _loop_vars = {}
                pass
                if (not t_3(environment.getattr(l_2_n, 'move'))):
                    pass
                    t_5.extend((
                        '<button type="button" class="choice" data-move="',
                        escape(environment.getattr(l_2_n, 'move')),
                        '">',
                        escape(environment.getattr(l_2_n, 'label')),
                        '</button>\n',
                    ))
                else:
                    pass
                    t_5.extend((
                        '<div class="step"><button type="button" class="choice open" data-step="',
                        escape(environment.getattr(l_2_n, 'path')),
                        '" aria-expanded="false">',
                        escape(environment.getattr(l_2_n, 'label')),
                        ' …</button>\n<div class="choices" data-under="',
                        escape(environment.getattr(l_2_n, 'path')),
                        '" hidden>',
                        escape(context.call((undefined(name='steps') if l_0_steps is missing else l_0_steps), environment.getattr(l_2_n, 'children'), _loop_vars=_loop_vars)),
                        '</div></div>\n',
                    ))
            l_2_n = missing
            return concat(t_5)
        context.exported_vars.add('steps')
        context.vars['steps'] = l_0_steps = Macro(environment, macro, 'steps', ('nodes',), False, False, False, context.eval_ctx.autoescape)
        yield '<section id="menu" class="menu" aria-label="Your moves">\n  <h2>Your moves</h2>\n  '
        yield escape(context.call((undefined(name='steps') if l_0_steps is missing else l_0_steps), environment.getattr(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'menu'), 'steps')))
        yield '\n</section>\n'
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'results'):
        pass
        yield '<section id="results" class="results">\n'
        for l_1_line in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'results'):
            _loop_vars = {}
            pass
            yield '<p>'
            yield escape(l_1_line)
            yield '</p>'
        l_1_line = missing
        yield '</section>\n'
    yield '<details id="screen" class="screen"'
    if (not environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'board')):
        pass
        yield ' open'
    yield '><summary>The table as text</summary><pre>'
    for l_1_line in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'screen'):
        _loop_vars = {}
        pass
        yield escape(l_1_line)
        yield '\n'
    l_1_line = missing
    yield '</pre></details>\n</div>\n<aside class="side-col">\n<section id="players" class="players">\n  <table>\n'
    for l_1_p in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'players'):
        _loop_vars = {}
        pass
        yield '  <tr class="'
        if environment.getattr(l_1_p, 'to_move'):
            pass
            yield 'to-move'
        if environment.getattr(l_1_p, 'winner'):
            pass
            yield ' winner'
        yield '"><td>'
        if environment.getattr(l_1_p, 'to_move'):
            pass
            yield '▶'
        yield '</td><td>'
        yield escape(environment.getattr(l_1_p, 'label'))
        yield '</td><td class="num">'
        if (not t_3(environment.getattr(l_1_p, 'score'))):
            pass
            yield escape(environment.getattr(l_1_p, 'score'))
        yield '</td></tr>\n'
    l_1_p = missing
    yield '  </table>\n</section>\n<section id="story" class="story" aria-label="The story">\n  <h2>The story</h2>\n  <ol>'
    for l_1_line in environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'story'):
        _loop_vars = {}
        pass
        yield '<li>'
        yield escape(l_1_line)
        yield '</li>'
    l_1_line = missing
    yield '</ol>\n</section>\n</aside>'

blocks = {}
debug_info = '1=35&4=42&6=49&7=52&8=56&9=59&11=63&14=69&15=80&16=85&17=90&19=93&20=95&23=99&26=102&28=105&31=120&33=123&34=127&35=129&40=147&41=152&42=155&44=178&46=181&47=185&48=195&50=197&51=204&53=213&58=231&60=234&62=238&63=242&64=245&65=257&72=270&74=274&75=276&78=318&80=321&81=325&82=333&83=335&88=343&90=346&91=348&94=354&96=357&98=361&99=373&104=379&105=390&108=402&109=404&110=409&111=412&112=425&113=429&119=439&122=441&124=444&127=453&133=464&134=468&140=487'
