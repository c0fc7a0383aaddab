# Made by `python -m ezkit.compiled_templates` from templates/aid.html: not to edit.
SOURCE_SHA256 = "f0ed0542b39c36ab732743f2f3158d85d66274145b6e8f4793233fd60673bdf0"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'aid.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_aid = resolve('aid')
    l_0_paper = resolve('paper')
    l_0_widths = l_0_chart = l_0_percent_table = missing
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_2 = environment.tests['even']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'even' found.")
    pass
    yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>'
    yield escape(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'title'))
    yield '</title>\n<link rel="stylesheet" href="base.css">\n<link rel="stylesheet" href="aid.css">\n<style>\n  @page { size: '
    yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
    yield '; margin: 11mm 12mm 12mm 12mm;\n          @bottom-right { content: "'
    yield escape(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'title'))
    yield ' · page " counter(page) " of " counter(pages); font-size: 7pt; color: #888; } }\n</style>\n</head>\n<body>\n'
    def macro(l_1_varargs):
        t_3 = []
        pass
        t_3.append(
            '<colgroup>',
        )
        for l_2_w in l_1_varargs:
            _loop_vars = {}
            pass
            t_3.append(
                '<col',
            )
            if (l_2_w != 'auto'):
                pass
                t_3.extend((
                    ' style="width: ',
                    escape(l_2_w),
                    '"',
                ))
            t_3.append(
                '>',
            )
        l_2_w = missing
        t_3.append(
            '</colgroup>',
        )
        return concat(t_3)
    context.exported_vars.add('widths')
    context.vars['widths'] = l_0_widths = Macro(environment, macro, 'widths', (), False, True, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_c):
        t_4 = []
        if l_1_c is missing:
            l_1_c = undefined("parameter 'c' was not provided", name='c')
        pass
        t_4.extend((
            '<div class="flowwrap"><table class="flow cols-',
            escape(environment.getattr(l_1_c, 'columns')),
            '">\n  <colgroup>',
        ))
        for l_2_w in environment.getattr(l_1_c, 'widths'):
            _loop_vars = {}
            pass
            t_4.extend((
                '<col style="width: ',
                escape(l_2_w),
                '">',
            ))
        l_2_w = missing
        t_4.append(
            '</colgroup>\n',
        )
        l_2_loop = missing
        for l_2_row, l_2_loop in LoopContext(environment.getattr(l_1_c, 'rows'), undefined):
            _loop_vars = {}
            pass
            if environment.getattr(l_2_row, 'arrows'):
                pass
                t_4.append(
                    '  <tr>',
                )
                for l_3_a in environment.getattr(l_2_row, 'arrows'):
                    _loop_vars = {}
                    pass
                    t_4.append(
                        '<td>',
                    )
                    if environment.getattr(l_3_a, 'show'):
                        pass
                        t_4.append(
                            '<div class="arrow"><div class="shaft"></div><div class="head"></div>',
                        )
                        if environment.getattr(l_3_a, 'label'):
                            pass
                            t_4.extend((
                                '<div class="label">',
                                escape(environment.getattr(l_3_a, 'label')),
                                '</div>',
                            ))
                        t_4.append(
                            '</div>',
                        )
                    t_4.append(
                        '</td>',
                    )
                l_3_a = missing
                t_4.append(
                    '</tr>\n',
                )
            t_4.append(
                '  <tr>',
            )
            l_3_loop = missing
            for l_3_cell, l_3_loop in LoopContext(environment.getattr(l_2_row, 'cells'), undefined):
                _loop_vars = {}
                pass
                t_4.extend((
                    '<td colspan="',
                    escape(environment.getattr(l_3_cell, 'span')),
                    '" class="node ',
                    escape(environment.getattr(l_3_cell, 'kind')),
                    '">',
                ))
                if (environment.getattr(l_3_cell, 'kind') != 'blank'):
                    pass
                    t_4.extend((
                        '<div class="in"><b>',
                        escape(environment.getattr(l_3_cell, 'title')),
                        '</b>',
                    ))
                    if ((environment.getattr(l_3_cell, 'kind') == 'end') and (t_1(environment.getattr(l_3_cell, 'lines')) > 3)):
                        pass
                        t_4.append(
                            '<div class="line levels">',
                        )
                        l_4_loop = missing
                        for l_4_line, l_4_loop in LoopContext(environment.getattr(l_3_cell, 'lines'), undefined):
                            _loop_vars = {}
                            pass
                            t_4.extend((
                                '<span>',
                                escape(l_4_line),
                                '</span>',
                            ))
                            if (not environment.getattr(l_4_loop, 'last')):
                                pass
                                t_4.append(
                                    ' · ',
                                )
                        l_4_loop = l_4_line = missing
                        t_4.append(
                            '</div>',
                        )
                    else:
                        pass
                        for l_4_line in environment.getattr(l_3_cell, 'lines'):
                            _loop_vars = {}
                            pass
                            t_4.extend((
                                '<div class="line">',
                                escape(l_4_line),
                                '</div>',
                            ))
                        l_4_line = missing
                    if environment.getattr(l_3_cell, 'exit'):
                        pass
                        t_4.extend((
                            '<div class="exit">',
                            escape(environment.getattr(l_3_cell, 'exit')),
                            '</div>',
                        ))
                    t_4.append(
                        '</div>',
                    )
                t_4.append(
                    '</td>',
                )
            l_3_loop = l_3_cell = missing
            t_4.append(
                '</tr>\n',
            )
        l_2_loop = l_2_row = missing
        t_4.append(
            '</table></div>\n',
        )
        return concat(t_4)
    context.exported_vars.add('chart')
    context.vars['chart'] = l_0_chart = Macro(environment, macro, 'chart', ('c',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_rows, l_1_head, l_1_cols):
        t_5 = []
        if l_1_rows is missing:
            l_1_rows = undefined("parameter 'rows' was not provided", name='rows')
        if l_1_head is missing:
            l_1_head = undefined("parameter 'head' was not provided", name='head')
        if l_1_cols is missing:
            l_1_cols = undefined("parameter 'cols' was not provided", name='cols')
        pass
        t_5.extend((
            '<table class="grid big">',
            escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), *l_1_cols)),
            '\n  <tr><th>',
            escape(l_1_head),
            '</th>',
        ))
        for l_2_d in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'percentages'), 'difficulties'):
            _loop_vars = {}
            pass
            t_5.extend((
                '<th>',
                escape(environment.getattr(l_2_d, 'word')),
                '<span class="n">',
                escape(environment.getattr(l_2_d, 'number')),
                '</span></th>',
            ))
        l_2_d = missing
        t_5.append(
            '</tr>\n',
        )
        l_2_loop = missing
        for l_2_row, l_2_loop in LoopContext(l_1_rows, undefined):
            _loop_vars = {}
            pass
            t_5.append(
                '<tr',
            )
            if t_2(environment.getattr(l_2_loop, 'index')):
                pass
                t_5.append(
                    ' class="shade"',
                )
            t_5.extend((
                '><td>',
                escape(environment.getattr(l_2_row, 'rank')),
                '</td>',
            ))
            for l_3_c in environment.getattr(l_2_row, 'cells'):
                _loop_vars = {}
                pass
                t_5.append(
                    '<td',
                )
                if environment.getattr(l_3_c, 'sure'):
                    pass
                    t_5.append(
                        ' class="sure"',
                    )
                t_5.extend((
                    '>',
                    escape(environment.getattr(l_3_c, 'text')),
                    '</td>',
                ))
            l_3_c = missing
            t_5.append(
                '</tr>',
            )
        l_2_loop = l_2_row = missing
        t_5.append(
            '</table>\n',
        )
        return concat(t_5)
    context.exported_vars.add('percent_table')
    context.vars['percent_table'] = l_0_percent_table = Macro(environment, macro, 'percent_table', ('rows', 'head', 'cols'), False, False, False, context.eval_ctx.autoescape)
    yield '\n<section>\n  <div class="head"><h1>'
    yield escape(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'title'))
    yield '</h1><div class="sub">Actions · odds · dice · fights · wounds · healing · gear · experience</div></div>\n  <div class="cols">\n    <div class="narrow">\n      <h2>The Ladder</h2>\n      <table class="ladder">'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '82.16%', '17.84%'))
    yield '\n'
    for l_1_rung in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'ladder'):
        _loop_vars = {}
        pass
        yield '<tr'
        if environment.getattr(l_1_rung, 'rolls_only'):
            pass
            yield ' class="rolls"'
        yield '><td class="word">'
        yield escape(environment.getattr(l_1_rung, 'word'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_rung, 'number'))
        yield '</td></tr>'
    l_1_rung = missing
    yield '      </table>\n      <p class="caption">The last two rungs are for rolls only (Mathless).</p>\n    </div>\n    <div class="wide">\n      <h2>Action!</h2>\n      <ol class="steps">\n'
    for l_1_s in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'steps'):
        _loop_vars = {}
        pass
        yield '<li><b class="lead">'
        yield escape(environment.getattr(l_1_s, 'title'))
        yield '</b> '
        yield escape(environment.getattr(l_1_s, 'text'))
        yield '</li>'
    l_1_s = missing
    yield '      </ol>\n      <div class="formula"><div>'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'result'))
    yield '</div><div>'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'outcome'))
    yield '</div></div>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '9.35em', '4.76em', 'auto'))
    yield '\n'
    for l_1_o in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'outcomes'):
        _loop_vars = {}
        pass
        yield '<tr><td class="nowrap">outcome '
        yield escape(environment.getattr(l_1_o, 'when'))
        yield '</td><td class="key">'
        yield escape(environment.getattr(l_1_o, 'word'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_o, 'margin'))
        yield '</td></tr>'
    l_1_o = missing
    yield '      </table>\n      <p class="caption">Default test difficulty: '
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'default_difficulty'))
    yield '. Fudge Points: '
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'fudge_point'))
    yield '.</p>\n    </div>\n    <div>\n      <h2>Rolls for foes</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '3.24em', 'auto'))
    yield '\n'
    for l_1_f in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'foe_rolls'):
        _loop_vars = {}
        pass
        yield '<tr><td class="key">'
        yield escape(environment.getattr(l_1_f, 'name'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_f, 'text'))
        yield '</td></tr>'
    l_1_f = missing
    yield '      </table>\n      <h2>Mathless</h2>\n      <ul class="plain">'
    for l_1_line in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'action'), 'mathless'):
        _loop_vars = {}
        pass
        yield '<li>'
        yield escape(l_1_line)
        yield '</li>'
    l_1_line = missing
    yield '</ul>\n    </div>\n  </div>\n\n  <h2>'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'percentages'), 'title'))
    yield '</h2>\n  <div class="keep">\n    '
    yield escape(context.call((undefined(name='percent_table') if l_0_percent_table is missing else l_0_percent_table), environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'percentages'), 'book'), 'Rank \\ Difficulty', ['22.58%', '13.72%', '13.72%', '13.85%', '6.94%', '8.70%', '9.24%', '11.25%']))
    yield '\n    <p class="caption">Modified trait rank down the side, modified difficulty across the top; whole percent, rounded half up (EZ-23).</p>\n  </div>\n  <h3>The same, exact to one decimal</h3>\n  <div class="keep">\n    '
    yield escape(context.call((undefined(name='percent_table') if l_0_percent_table is missing else l_0_percent_table), environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'percentages'), 'exact'), 'Rank \\ Difficulty', ['23.98%', '12.53%', '8.90%', '14.70%', '8.90%', '9.24%', '9.81%', '11.95%']))
    yield '\n  </div>\n\n</section>\n\n<section class="page">\n  <div class="cols">\n    <div class="keep">\n      <h2>With a foe roll</h2>\n      <table class="grid">'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '14.80%', '35.33%', '31.99%', '17.88%'))
    yield '\n        <tr><th>net</th>'
    for l_1_c in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'net_odds'), 'columns'):
        _loop_vars = {}
        pass
        yield '<th>'
        yield escape(l_1_c)
        yield '</th>'
    l_1_c = missing
    yield '</tr>\n'
    l_1_loop = missing
    for l_1_row, l_1_loop in LoopContext(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'net_odds'), 'rows'), undefined):
        _loop_vars = {}
        pass
        yield '<tr'
        if t_2(environment.getattr(l_1_loop, 'index')):
            pass
            yield ' class="shade"'
        yield '><td>'
        yield escape(environment.getattr(l_1_row, 'net'))
        yield '</td>'
        for l_2_c in environment.getattr(l_1_row, 'cells'):
            _loop_vars = {}
            pass
            yield '<td'
            if environment.getattr(l_2_c, 'sure'):
                pass
                yield ' class="sure"'
            yield '>'
            yield escape(environment.getattr(l_2_c, 'text'))
            yield '</td>'
        l_2_c = missing
        yield '</tr>'
    l_1_loop = l_1_row = missing
    yield '      </table>\n      <p class="caption">net = rank + modifiers − difficulty; percent chance of success.</p>\n    </div>\n    <div class="wide keep">\n      <h2>Other ways to &ldquo;roll&rdquo;</h2>\n      <table class="grid">'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '10.49%', '14.82%', '14.34%', '13.32%', '14.34%', '13.32%', '19.37%'))
    yield '\n        <tr><th>Roll</th><th>'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'reference'))
    yield '</th>'
    for l_1_c in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'columns'):
        _loop_vars = {}
        pass
        yield '<th>'
        yield escape(l_1_c)
        yield '</th>'
    l_1_c = missing
    yield '</tr>\n'
    l_1_loop = missing
    for l_1_row, l_1_loop in LoopContext(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'rows'), undefined):
        _loop_vars = {}
        pass
        yield '<tr'
        if t_2(environment.getattr(l_1_loop, 'index')):
            pass
            yield ' class="shade"'
        yield '><td><b>'
        yield escape(environment.getattr(l_1_row, 'roll'))
        yield '</b></td><td>'
        yield escape(environment.getattr(l_1_row, 'chance'))
        yield '</td>'
        for l_2_c in environment.getattr(l_1_row, 'cells'):
            _loop_vars = {}
            pass
            yield '<td>'
            yield escape(l_2_c)
            yield '</td>'
        l_2_c = missing
        yield '</tr>'
    l_1_loop = l_1_row = missing
    yield '        <tr><td class="muted">off by</td><td></td>'
    for l_1_g in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'gaps'):
        _loop_vars = {}
        pass
        yield '<td class="muted">'
        yield escape(l_1_g)
        yield '</td>'
    l_1_g = missing
    yield '</tr>\n      </table>\n      <ul class="plain caption">'
    for l_1_n in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'notes'):
        _loop_vars = {}
        pass
        yield '<li>'
        yield escape(l_1_n)
        yield '</li>'
    l_1_n = missing
    yield '<li>off by: the largest gap from '
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'dice'), 'reference'))
    yield ', in percentage points, and where.</li></ul>\n    </div>\n  </div>\n  <div class="cols">\n    <div>\n      <h2>The combat round</h2>\n      <ol class="steps">'
    for l_1_s in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'round'):
        _loop_vars = {}
        pass
        yield '<li><b class="lead">'
        yield escape(environment.getattr(l_1_s, 'title'))
        yield '</b> '
        yield escape(environment.getattr(l_1_s, 'text'))
        yield '</li>'
    l_1_s = missing
    yield '</ol>\n    </div>\n    <div class="narrow w58">\n      <h2>Shot difficulty</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '31.20%', '35.68%', '33.13%'))
    yield '\n'
    for l_1_r in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'ranged_difficulty'), 'ranges'):
        _loop_vars = {}
        pass
        yield '<tr><td><b>'
        yield escape(environment.getattr(l_1_r, 'key'))
        yield '</b> '
        yield escape(environment.getattr(l_1_r, 'name'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_r, 'difficulty'))
        yield '</td><td class="muted">'
        yield escape(environment.getattr(l_1_r, 'melee'))
        yield '</td></tr>'
    l_1_r = missing
    yield '      </table>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '26.41%', '73.59%'))
    yield '\n'
    for l_1_m in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'ranged_difficulty'), 'mods'):
        _loop_vars = {}
        pass
        yield '<tr><td class="key">'
        yield escape(environment.getattr(l_1_m, 'what'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_m, 'choices'))
        yield '</td></tr>'
    l_1_m = missing
    yield '      </table>\n    </div>\n  </div>\n  <div class="cols">\n    <div>\n      <h2>Tactics (optional)</h2>\n      <ul class="plain">'
    for l_1_t in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'tactics'):
        _loop_vars = {}
        pass
        yield '<li><b class="lead">'
        yield escape(environment.getattr(l_1_t, 'name'))
        yield ':</b> '
        yield escape(environment.getattr(l_1_t, 'text'))
        yield '</li>'
    l_1_t = missing
    yield '</ul>\n      <h2>Damage Roll Options</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '4.49%', '95.51%'))
    for l_1_d in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'damage_options'):
        _loop_vars = {}
        pass
        yield '<tr><td><b>'
        yield escape(environment.getattr(l_1_d, 'number'))
        yield '</b></td><td>'
        yield escape(environment.getattr(l_1_d, 'text'))
        yield '</td></tr>'
    l_1_d = missing
    yield '</table>\n    </div>\n    <div>\n      <h2>Melee options</h2>\n      <ul class="plain">'
    for l_1_t in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'melee_options'):
        _loop_vars = {}
        pass
        yield '<li><b class="lead">'
        yield escape(environment.getattr(l_1_t, 'name'))
        yield ':</b> '
        yield escape(environment.getattr(l_1_t, 'text'))
        yield '</li>'
    l_1_t = missing
    yield '</ul>\n    </div>\n  </div>\n</section>\n\n<section class="page">\n  <div class="charts">\n    <div class="melee">\n      <h2>Melee Phase</h2>\n      '
    yield escape(context.call((undefined(name='chart') if l_0_chart is missing else l_0_chart), environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'melee_chart')))
    yield '\n    </div>\n    <div class="ranged">\n      <h2>Ranged Phase</h2>\n      '
    yield escape(context.call((undefined(name='chart') if l_0_chart is missing else l_0_chart), environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'ranged_chart')))
    yield '\n    </div>\n  </div>\n  <h2>Wounds</h2>\n  <div class="formula">'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'wounds'), 'formula'))
    yield '</div>\n  <table class="wounds">'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '14.17%', '14.42%', '11.49%', '45.58%', '14.35%'))
    yield '\n    <thead><tr><th>Wound value</th><th>Level</th><th>Boxes</th><th>Effect</th><th>As a stun</th></tr></thead>\n    <tr><td>'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'wounds'), 'none'))
    yield '</td><td class="level">no wound</td><td></td><td></td><td></td></tr>\n'
    for l_1_w in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'wounds'), 'rows'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_w, 'range'))
        yield '</td><td class="level">'
        yield escape(environment.getattr(l_1_w, 'level'))
        yield '</td><td class="boxes">'
        for l_2_b in environment.getattr(l_1_w, 'boxes'):
            _loop_vars = {}
            pass
            yield '<span class="box"></span>'
        l_2_b = missing
        yield '</td><td>'
        yield escape(environment.getattr(l_1_w, 'effect'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_w, 'stun'))
        yield '</td></tr>'
    l_1_w = missing
    yield '  </table>\n  <ul class="plain caption">'
    for l_1_r in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'wounds'), 'rules'):
        _loop_vars = {}
        pass
        yield '<li>'
        yield escape(l_1_r)
        yield '</li>'
    l_1_r = missing
    yield '</ul>\n\n</section>\n\n<section class="page">\n  <div class="cols">\n    <div class="wide">\n      <h2>Healing</h2>\n      <ul class="plain">'
    for l_1_s in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'healing'), 'steps'):
        _loop_vars = {}
        pass
        yield '<li><b class="lead">'
        yield escape(environment.getattr(l_1_s, 'title'))
        yield ':</b> '
        yield escape(environment.getattr(l_1_s, 'text'))
        yield '</li>'
    l_1_s = missing
    yield '</ul>\n      <p class="caption">'
    yield escape(environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'healing'), 'note'))
    yield '</p>\n    </div>\n    <div>\n      <h2>Medical care by era</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '52.15%', '47.85%'))
    for l_1_e in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'healing'), 'eras'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_e, 'era'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_e, 'per_week'))
        yield '</td></tr>'
    l_1_e = missing
    yield '</table>\n    </div>\n  </div>\n\n  <div class="cols">\n    <div>\n      <h2>Armor</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), 'auto', '3.41em'))
    yield '\n        <thead><tr><th>Armor</th><th class="num">Bonus</th></tr></thead>\n'
    for l_1_a in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'armor'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_a, 'name'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_a, 'bonus'))
        yield '</td></tr>'
    l_1_a = missing
    yield '      </table>\n      <p class="caption">CPD = armor bonus + Mass Scale + Resilience + other defence (gifts, gear, GM).</p>\n    </div>\n    <div class="wide">\n      <h2>Melee weapons</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), 'auto', '7.26em'))
    yield '\n        <thead><tr><th>Weapon</th><th class="num">Damage factor</th></tr></thead>\n'
    for l_1_w in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'melee_weapons'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_w, 'name'))
        if environment.getattr(l_1_w, 'examples'):
            pass
            yield ' <span class="muted">('
            yield escape(environment.getattr(l_1_w, 'examples'))
            yield ')</span>'
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_w, 'factor'))
        yield '</td></tr>'
    l_1_w = missing
    yield '      </table>\n      <p class="caption">INJ = Body + Mass Scale + damage factor; a quality or unique weapon one higher.</p>\n    </div>\n  </div>\n  <div class="cols">\n    <div>\n      <h2>Self-powered weapons</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), 'auto', '5.07em'))
    yield '\n        <thead><tr><th>Weapon</th><th class="num">INJ</th></tr></thead>\n'
    for l_1_w in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'ranged_weapons'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_w, 'name'))
        if environment.getattr(l_1_w, 'note'):
            pass
            yield ' <span class="muted">('
            yield escape(environment.getattr(l_1_w, 'note'))
            yield ')</span>'
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_w, 'inj'))
        yield '</td></tr>'
    l_1_w = missing
    yield '      </table>\n      <p class="caption">The GM picks from the pair; ezkit takes the lower.</p>\n    </div>\n    <div>\n      <h2>Experience</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '29.53%', '9.93%', '17.71%', '42.83%'))
    yield '\n        <thead><tr><th>Current rank</th><th class="num">Role</th><th class="num">Attribute</th><th></th></tr></thead>\n'
    for l_1_r in environment.getattr(environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'experience'), 'rows'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_r, 'rank'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_r, 'role'))
        yield '</td><td class="num">'
        yield escape(environment.getattr(l_1_r, 'attribute'))
        yield '</td><td class="muted">'
        yield escape(environment.getattr(l_1_r, 'note'))
        yield '</td></tr>'
    l_1_r = missing
    yield '      </table>\n      <p class="caption">XP to raise a trait one rank; one rank per purchase.</p>\n    </div>\n  </div>\n  <div class="cols">\n    <div class="wide">\n      <h2>Gifts and faults</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '38.04%', '61.96%'))
    for l_1_g in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'gifts_faults'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_g, 'what'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_g, 'cost'))
        yield '</td></tr>'
    l_1_g = missing
    yield '</table>\n    </div>\n    <div>\n      <h2>Fudge Points</h2>\n      <table>'
    yield escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), '4.88em', 'auto'))
    for l_1_f in environment.getattr((undefined(name='aid') if l_0_aid is missing else l_0_aid), 'fudge_points'):
        _loop_vars = {}
        pass
        yield '<tr><td class="key">'
        yield escape(environment.getattr(l_1_f, 'what'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_f, 'text'))
        yield '</td></tr>'
    l_1_f = missing
    yield '</table>\n    </div>\n  </div>\n</section>\n</body>\n</html>'

blocks = {}
debug_info = '5=27&9=29&10=31&17=33&19=63&20=70&21=73&22=86&23=89&24=94&26=126&31=202&32=213&33=215&34=233&40=277&44=279&45=281&52=295&54=305&55=309&56=311&58=323&62=327&63=329&66=339&70=347&72=349&77=351&87=353&88=355&89=364&95=388&96=390&97=401&98=423&100=431&106=441&110=451&111=453&113=467&114=469&121=479&123=489&127=500&137=510&141=512&145=514&146=516&148=518&149=520&151=540&160=548&161=558&165=560&172=571&174=573&180=583&182=585&190=600&192=602&198=617&200=619&208=633&212=644'
