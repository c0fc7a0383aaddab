# Made by `python -m ezkit.compiled_templates` from templates/sheet.html: not to edit.
SOURCE_SHA256 = "04439e729edd424f1d6d1fa44c249707520544f4cb4b0a88c2214728ae4f64e2"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'sheet.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_paper = resolve('paper')
    l_0_page_height = resolve('page_height')
    l_0_sheets = resolve('sheets')
    l_0_note = missing
    pass
    yield '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>EZFudge character sheet</title>\n<link rel="stylesheet" href="base.css">\n<link rel="stylesheet" href="sheet.css">\n<style>\n  @page { size: '
    yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
    yield '; margin: 12mm 12mm 12mm 30mm; }\n  .character { min-height: '
    yield escape((undefined(name='page_height') if l_0_page_height is missing else l_0_page_height))
    yield '; }\n</style>\n</head>\n<body>\n<div class="ladder">\n  <div class="title">The Ladder</div>\n'
    for l_1_rung in environment.getattr(environment.getitem((undefined(name='sheets') if l_0_sheets is missing else l_0_sheets), 0), 'ladder'):
        _loop_vars = {}
        pass
        yield '<div><b>'
        yield escape(environment.getattr(l_1_rung, 'word'))
        yield '</b><span>'
        yield escape(environment.getattr(l_1_rung, 'number'))
        yield '</span></div>'
    l_1_rung = missing
    yield '</div>\n'
    def macro(l_1_lines):
        t_1 = []
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        pass
        t_1.append(
            '<p>',
        )
        l_2_loop = missing
        for l_2_line, l_2_loop in LoopContext(l_1_lines, undefined):
            _loop_vars = {}
            pass
            if (not environment.getattr(l_2_loop, 'first')):
                pass
                t_1.append(
                    '<br>',
                )
            t_1.append(
                escape(l_2_line),
            )
        l_2_loop = l_2_line = missing
        t_1.append(
            '</p>',
        )
        return concat(t_1)
    context.exported_vars.add('note')
    context.vars['note'] = l_0_note = Macro(environment, macro, 'note', ('lines',), False, False, False, context.eval_ctx.autoescape)
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext((undefined(name='sheets') if l_0_sheets is missing else l_0_sheets), undefined):
        _loop_vars = {}
        pass
        yield '<section class="character">\n  <span class="total" style="string-set: total target-counter(url(#'
        yield escape(environment.getattr(l_1_s, 'end'))
        yield '), page)"></span>\n  <div class="fixed">\n  <div class="head">\n'
        if environment.getattr(l_1_s, 'blank'):
            pass
            yield '    <table class="fields">\n      <colgroup><col style="width: 12%"><col style="width: 58%"><col style="width: 30%"></colgroup>\n      <tr><td class="label name">Name</td><td class="line name"></td><td class="kind"><span class="who">EZFudge character sheet</span></td></tr>\n    </table>\n    <table class="fields">\n      <colgroup><col style="width: 12%"><col style="width: 38%"><col style="width: 12%"><col style="width: 38%"></colgroup>\n      <tr><td class="label">Player</td><td class="line"></td><td class="label">People</td><td class="line"></td></tr>\n      <tr><td class="label">Idea</td><td class="line" colspan="3"></td></tr>\n    </table>\n'
        else:
            pass
            yield '    <h1 class="who" style="font-size: '
            yield escape(environment.getattr(l_1_s, 'name_size'))
            yield '">'
            yield escape(environment.getattr(l_1_s, 'name'))
            yield '</h1>\n    <div class="meta">'
            if environment.getattr(l_1_s, 'player'):
                pass
                yield 'Player: '
                yield escape(environment.getattr(l_1_s, 'player'))
                if environment.getattr(l_1_s, 'people'):
                    pass
                    yield ' · '
            if environment.getattr(l_1_s, 'people'):
                pass
                yield 'People: '
                yield escape(environment.getattr(l_1_s, 'people'))
                if (environment.getattr(l_1_s, 'package') and (environment.getattr(l_1_s, 'package') != environment.getattr(l_1_s, 'people'))):
                    pass
                    yield ' ('
                    yield escape(environment.getattr(l_1_s, 'package'))
                    yield ')'
            yield '</div>\n'
            if environment.getattr(l_1_s, 'idea'):
                pass
                yield '<div class="meta"><i>'
                yield escape(environment.getattr(l_1_s, 'idea'))
                yield '</i></div>'
        yield '  </div>\n\n  <div class="cols wide-left">\n    <div>\n      <h2>Roles</h2>\n      <table class="rows">\n        <thead><tr><th class="w36">Role</th><th class="w38">Specialty</th><th class="w17">Rank</th><th class="num w9">±</th></tr></thead>\n        <tbody>'
        for l_2_r in environment.getattr(l_1_s, 'roles'):
            _loop_vars = {}
            pass
            if environment.getattr(l_2_r, 'name'):
                pass
                yield '<tr><td>'
                yield escape(environment.getattr(l_2_r, 'name'))
                yield '</td><td>'
                yield escape(environment.getattr(l_2_r, 'specialty'))
                yield '</td><td>'
                yield escape(environment.getattr(l_2_r, 'word'))
                yield '</td><td class="num">'
                yield escape(environment.getattr(l_2_r, 'number'))
                yield '</td></tr>'
            else:
                pass
                yield '<tr><td colspan="4"></td></tr>'
        l_2_r = missing
        yield '</tbody>\n      </table>\n    </div>\n    <div>\n      <h2>Attributes</h2>\n      <table class="rows">\n'
        l_2_loop = missing
        for l_2_a, l_2_loop in LoopContext(environment.getattr(l_1_s, 'attributes'), undefined):
            _loop_vars = {}
            pass
            if environment.getattr(l_2_loop, 'first'):
                pass
                yield '<tr><td class="w44">'
                yield escape(environment.getattr(l_2_a, 'name'))
                yield '</td><td class="w38">'
                yield escape(environment.getattr(l_2_a, 'word'))
                yield '</td><td class="num w18">'
                yield escape(environment.getattr(l_2_a, 'number'))
                yield '</td></tr>'
            else:
                pass
                yield '<tr><td>'
                yield escape(environment.getattr(l_2_a, 'name'))
                yield '</td><td>'
                yield escape(environment.getattr(l_2_a, 'word'))
                yield '</td><td class="num">'
                yield escape(environment.getattr(l_2_a, 'number'))
                yield '</td></tr>'
        l_2_loop = l_2_a = missing
        yield '        <tr><td>Mass Scale</td><td></td><td class="num">'
        yield escape(environment.getattr(l_1_s, 'mass_scale'))
        yield '</td></tr>\n      </table>\n      <div class="numbers">\n        <div><b>'
        yield escape(environment.getattr(l_1_s, 'resilience'))
        yield '</b><span>Resilience</span></div>\n        <div><b>'
        yield escape(environment.getattr(l_1_s, 'reflexes'))
        yield '</b><span>Reflexes</span></div>\n        <div><b>'
        yield escape(environment.getattr(l_1_s, 'cpd'))
        yield '</b><span>CPD</span></div>\n      </div>\n      <div class="muted">CPD = '
        yield escape(environment.getattr(l_1_s, 'cpd_parts'))
        yield '</div>\n    </div>\n  </div>\n\n  <div class="cols">\n    <div>\n      <h2>Fudge Points'
        if (not environment.getattr(l_1_s, 'blank')):
            pass
            yield ' <span class="muted">'
            yield escape(environment.getattr(l_1_s, 'fudge_points'))
            yield ' when printed</span>'
        yield '</h2>\n      <div class="tally">'
        if environment.getattr(l_1_s, 'fudge_held'):
            pass
            yield '<span class="marked">'
            yield escape(environment.getattr(l_1_s, 'fudge_held'))
            yield '</span>'
        yield escape(environment.getattr(l_1_s, 'fudge_empty'))
        yield '</div>\n    </div>\n    <div>\n      <h2>Experience'
        if (not environment.getattr(l_1_s, 'blank')):
            pass
            yield ' <span class="muted">'
            yield escape(environment.getattr(l_1_s, 'experience'))
            yield ' when printed</span>'
        yield '</h2>\n      <div class="xps">'
        for l_2_x in environment.getattr(l_1_s, 'xp_boxes'):
            _loop_vars = {}
            pass
            yield '<span class="xp">'
            yield escape(l_2_x)
            yield '</span> '
        l_2_x = missing
        yield '</div>\n    </div>\n  </div>\n\n  <div class="cols">\n    <div>\n      <h2>Gifts</h2>\n      <div class="list">'
        for l_2_g in environment.getattr(l_1_s, 'gifts'):
            _loop_vars = {}
            pass
            yield '<div>'
            yield escape(environment.getattr(l_2_g, 'name'))
            if environment.getattr(l_2_g, 'supernormal'):
                pass
                yield ' <span class="muted">(supernormal)</span>'
            if environment.getattr(l_2_g, 'note'):
                pass
                yield ' <span class="muted">— '
                yield escape(environment.getattr(l_2_g, 'note'))
                yield '</span>'
            yield '</div>'
        l_2_g = missing
        yield '</div>\n    </div>\n    <div>\n      <h2>Faults</h2>\n      <div class="list">'
        for l_2_f in environment.getattr(l_1_s, 'faults'):
            _loop_vars = {}
            pass
            yield '<div>'
            yield escape(environment.getattr(l_2_f, 'name'))
            if environment.getattr(l_2_f, 'note'):
                pass
                yield ' <span class="muted">— '
                yield escape(environment.getattr(l_2_f, 'note'))
                yield '</span>'
            yield '</div>'
        l_2_f = missing
        yield '</div>\n    </div>\n  </div>\n\n  <div class="cols wide-left">\n    <div>\n      <h2>Weapons</h2>\n      <table class="rows">\n        <thead><tr><th class="w88">Weapon'
        if (not environment.getattr(l_1_s, 'blank')):
            pass
            yield ' <span class="muted">(INJ worked out)</span>'
        yield '</th><th class="num w12">INJ</th></tr></thead>\n        <tbody>'
        for l_2_w in environment.getattr(l_1_s, 'weapons'):
            _loop_vars = {}
            pass
            if environment.getattr(l_2_w, 'name'):
                pass
                yield '<tr><td>'
                yield escape(environment.getattr(l_2_w, 'name'))
                if environment.getattr(l_2_w, 'how'):
                    pass
                    yield ' <span class="muted">'
                    yield escape(environment.getattr(l_2_w, 'how'))
                    yield '</span>'
                yield '</td><td class="num">'
                yield escape(environment.getattr(l_2_w, 'inj'))
                yield '</td></tr>'
            else:
                pass
                yield '<tr><td colspan="2"></td></tr>'
        l_2_w = missing
        yield '</tbody>\n      </table>\n    </div>\n    <div>\n      <h2>Armor</h2>\n      <div class="list">'
        for l_2_a in environment.getattr(l_1_s, 'armor'):
            _loop_vars = {}
            pass
            yield '<div>'
            yield escape(l_2_a)
            yield '</div>'
        l_2_a = missing
        yield '</div>\n      <h2>Tools and Kit</h2>\n      <div class="list">'
        for l_2_t in environment.getattr(l_1_s, 'tools'):
            _loop_vars = {}
            pass
            yield '<div>'
            yield escape(l_2_t)
            yield '</div>'
        l_2_t = missing
        yield '</div>\n    </div>\n  </div>\n\n  <div class="wounds">\n    <h2>Wounds'
        if environment.getattr(l_1_s, 'condition'):
            pass
            yield ' <span class="muted">&nbsp;when printed: '
            yield escape(environment.getattr(l_1_s, 'condition'))
            yield '</span>'
        yield '</h2>\n    <table class="rows">\n      <thead><tr><th class="w15">Level</th><th class="w9">Value</th><th class="w15">Boxes</th><th class="w43">Effect</th><th class="w18">As a stun</th></tr></thead>\n      <tbody>'
        for l_2_w in environment.getattr(l_1_s, 'wounds'):
            _loop_vars = {}
            pass
            yield '<tr><td class="level">'
            yield escape(environment.getattr(l_2_w, 'level'))
            yield '</td><td>'
            yield escape(environment.getattr(l_2_w, 'range'))
            yield '</td><td class="boxes">'
            if environment.getattr(l_2_w, 'marked'):
                pass
                yield '<span class="marked">'
                yield escape(environment.getattr(l_2_w, 'marked'))
                yield '</span>'
            yield escape(environment.getattr(l_2_w, 'empty'))
            yield '</td><td>'
            yield escape(environment.getattr(l_2_w, 'effect'))
            yield '</td><td>'
            yield escape(environment.getattr(l_2_w, 'stun'))
            yield '</td></tr>'
        l_2_w = missing
        yield '</tbody>\n    </table>\n    <div class="muted">Wound value = margin + INJ − CPD. A full level moves a wound up to the next empty box; past Near Death is Dead; only the highest level\'s effect counts. In pencil: ■ a wound, ▣ a stun'
        if (not environment.getattr(l_1_s, 'blank')):
            pass
            yield ' (grey: as marked when printed)'
        yield '.</div>\n  </div>\n\n  </div>\n\n  <div class="note description'
        if (not environment.getattr(l_1_s, 'description')):
            pass
            yield ' empty'
        yield '">\n    <h2>Description</h2>\n'
        t_2 = 1
        for l_2_paragraph in environment.getattr(l_1_s, 'description'):
            _loop_vars = {}
            pass
            yield escape(context.call((undefined(name='note') if l_0_note is missing else l_0_note), l_2_paragraph, _loop_vars=_loop_vars))
            t_2 = 0
        l_2_paragraph = missing
        if t_2:
            pass
            yield '<div class="room"></div>'
        yield '  </div>\n  <div class="note background'
        if (not environment.getattr(l_1_s, 'background')):
            pass
            yield ' empty'
        yield '">\n    <h2>Background</h2>\n'
        for l_2_paragraph in environment.getattr(l_1_s, 'background'):
            _loop_vars = {}
            pass
            yield escape(context.call((undefined(name='note') if l_0_note is missing else l_0_note), l_2_paragraph, _loop_vars=_loop_vars))
        l_2_paragraph = missing
        yield '<span id="'
        yield escape(environment.getattr(l_1_s, 'end'))
        yield '"></span>\n  </div>\n</section>\n'
    l_1_loop = l_1_s = missing
    yield '</body>\n</html>'

blocks = {}
debug_info = '9=16&10=18&16=20&19=30&20=58&22=62&25=64&36=70&37=74&38=91&47=97&53=117&54=140&57=142&58=144&59=146&61=148&67=150&68=156&71=163&72=169&79=177&83=193&91=206&92=210&97=230&99=238&104=246&107=252&109=273&114=277&116=282&118=292&120=296'
