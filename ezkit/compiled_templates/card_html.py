# Made by `python -m ezkit.compiled_templates` from templates/card.html: not to edit.
SOURCE_SHA256 = "796ac692466538f3623165bd1b41d0198154d3bd6b06834a83e3ce1346b943a6"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'card.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_svg = l_0_card = missing
    try:
        t_1 = environment.filters['replace']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'replace' found.")
    pass
    def macro(l_1_name, l_1_colour):
        t_2 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        if l_1_colour is missing:
            l_1_colour = undefined("parameter 'colour' was not provided", name='colour')
        pass
        t_2.extend((
            '<svg class="sym" viewBox="0 0 24 24"><g fill="',
            escape(l_1_colour),
            '" stroke="',
            escape(l_1_colour),
            '" stroke-linejoin="round" stroke-linecap="round">\n',
        ))
        if (l_1_name == 'hand'):
            pass
            t_2.append(
                '<path stroke-width="0.6" d="M7 21 L6 13 L3.5 9.5 C3 8.5 4.3 7.8 5 8.6 L7.2 11 L7.2 4 C7.2 3 8.8 3 8.8 4 L8.8 10 L9.6 10 L9.6 2.8 C9.6 1.8 11.3 1.8 11.3 2.8 L11.3 10 L12.1 10 L12.1 3.4 C12.1 2.4 13.8 2.4 13.8 3.4 L13.8 10.4 L14.6 10.4 L14.6 5 C14.6 4 16.2 4 16.2 5 L16.2 14 L15 21 Z"/>\n',
            )
        elif (l_1_name == 'mammoth'):
            pass
            t_2.append(
                '<path stroke-width="0.6" d="M4 18 L4 11 C4 6 8 4 12 4 C17 4 20 6.5 20 10 L20.5 15 C20.7 17.5 22 18.5 22.5 17.6 L23 18.8 C21.5 20.8 18.7 19.6 18.5 16 L18 14 L18 20 L15.5 20 L15.5 15 L9 15 L9 20 L6.5 20 L6.5 16 Z"/><path fill="none" stroke="#ffffff" stroke-width="0.9" d="M17.5 12.5 C16 15.5 13 15.5 12 14"/><circle cx="16.5" cy="8.5" r="0.8" fill="#ffffff" stroke="none"/>\n',
            )
        elif (l_1_name == 'club'):
            pass
            t_2.append(
                '<path stroke-width="0.6" d="M9.2 21.5 L10.8 11 C8.8 9.5 9 4 12.5 2.5 C16.5 1.2 18.5 5 17 8.5 C16.3 10.4 14.8 11.3 13.6 11.6 L12 21.8 C11.8 22.8 9.1 22.6 9.2 21.5 Z"/><circle cx="14.8" cy="5" r="0.9" fill="#ffffff" stroke="none"/><circle cx="12.6" cy="8.4" r="0.8" fill="#ffffff" stroke="none"/>\n',
            )
        elif (l_1_name == 'hide'):
            pass
            t_2.append(
                '<path stroke-width="0.6" d="M12 3 C13.5 3 14 4.5 15.5 4.5 C17 4.5 18.5 3 20 4 C20.5 5.5 19 6.5 19 8 C19 10 21 11 21 13 C21 15 19 16 19 18 C19 19.5 20.5 20.3 19.8 21.3 C18 21.8 16.5 20.3 14.5 20.8 C13.3 21 12.8 22 12 22 C11.2 22 10.7 21 9.5 20.8 C7.5 20.3 6 21.8 4.2 21.3 C3.5 20.3 5 19.5 5 18 C5 16 3 15 3 13 C3 11 5 10 5 8 C5 6.5 3.5 5.5 4 4 C5.5 3 7 4.5 8.5 4.5 C10 4.5 10.5 3 12 3 Z"/><path fill="none" stroke="#ffffff" stroke-width="0.7" stroke-dasharray="1.2 1" d="M12 6 L12 19"/>\n',
            )
        elif (l_1_name == 'shaman'):
            pass
            t_2.append(
                '<circle cx="12" cy="5" r="2.6" stroke="none"/><path stroke-width="0.6" d="M6 22 L8.5 9 L15.5 9 L18 22 Z"/><path fill="none" stroke-width="1.2" d="M4 4 L4 22 M2.2 5.5 L5.8 5.5 M2.6 3 L5.4 3"/><path fill="none" stroke-width="1" d="M9 2.8 L10.5 0.8 L12 2.5 L13.5 0.8 L15 2.8"/>\n',
            )
        elif (l_1_name == 'cake'):
            pass
            t_2.append(
                '<rect x="3" y="13" width="18" height="8" rx="1" stroke="none"/><rect x="5" y="8" width="14" height="5" rx="1" stroke="none" opacity="0.75"/><path fill="none" stroke="#ffffff" stroke-width="0.8" d="M3.5 16 C6 18 8 14 12 16 C16 18 18 14 20.5 16"/><rect x="11.2" y="4" width="1.6" height="4" stroke="none"/><path stroke-width="0.4" fill="#e6a100" stroke="#e6a100" d="M12 1 C13 2.5 13 3.5 12 3.8 C11 3.5 11 2.5 12 1 Z"/>\n',
            )
        t_2.append(
            '</g></svg>\n',
        )
        return concat(t_2)
    context.exported_vars.add('svg')
    context.vars['svg'] = l_0_svg = Macro(environment, macro, 'svg', ('name', 'colour'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_f, l_1_web):
        t_3 = []
        l_1_ink = missing
        if l_1_f is missing:
            l_1_f = undefined("parameter 'f' was not provided", name='f')
        if l_1_web is missing:
            l_1_web = False
        pass
        l_1_ink = markup_join(('ink-', t_1(context.eval_ctx, environment.getattr(l_1_f, 'ink'), '#', ''), ))
        if l_1_web:
            pass
            t_3.extend((
                '<div class="card web bg-',
                escape(t_1(context.eval_ctx, environment.getattr(l_1_f, 'colour'), '#', '')),
                '" data-card="',
                escape(environment.getattr(l_1_f, 'id')),
                '">\n',
            ))
        else:
            pass
            t_3.extend((
                '<div class="card"><div class="ground bg-',
                escape(t_1(context.eval_ctx, environment.getattr(l_1_f, 'colour'), '#', '')),
                '"></div>\n',
            ))
        t_3.extend((
            '    <div class="panel ',
            escape(environment.getattr(l_1_f, 'size')),
        ))
        if environment.getattr(l_1_f, 'wide'):
            pass
            t_3.append(
                ' wide',
            )
        if environment.getattr(l_1_f, 'turnable'):
            pass
            t_3.append(
                ' turnable',
            )
        t_3.extend((
            '">\n      <div class="corner ',
            escape((undefined(name='ink') if l_1_ink is missing else l_1_ink)),
            '">',
            escape(environment.getattr(l_1_f, 'corner')),
            '</div>\n      <div class="corner flip ',
            escape((undefined(name='ink') if l_1_ink is missing else l_1_ink)),
            '">',
            escape(environment.getattr(l_1_f, 'corner')),
            '</div>\n      <div class="title"><b>',
            escape(environment.getattr(l_1_f, 'name')),
            '</b><span class="sub">',
            escape(environment.getattr(l_1_f, 'subtitle')),
            '</span></div>\n      <div class="art ',
            escape((undefined(name='ink') if l_1_ink is missing else l_1_ink)),
            '">',
        ))
        if environment.getattr(l_1_f, 'svg'):
            pass
            t_3.append(
                escape(context.call((undefined(name='svg') if l_0_svg is missing else l_0_svg), environment.getattr(l_1_f, 'svg'), environment.getattr(l_1_f, 'ink'))),
            )
        else:
            pass
            t_3.append(
                escape(environment.getattr(l_1_f, 'glyph')),
            )
        t_3.append(
            '</div>\n',
        )
        if environment.getattr(l_1_f, 'art_text'):
            pass
            t_3.extend((
                '<div class="art-text ',
                escape((undefined(name='ink') if l_1_ink is missing else l_1_ink)),
                '">',
                escape(environment.getattr(l_1_f, 'art_text')),
                '</div>',
            ))
        t_3.extend((
            '      <div class="rules">',
            escape(environment.getattr(l_1_f, 'rules')),
            '</div>\n    </div>\n  </div>\n',
        ))
        return concat(t_3)
    context.exported_vars.add('card')
    context.vars['card'] = l_0_card = Macro(environment, macro, 'card', ('f', 'web'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '7=18&8=27&9=32&10=37&11=42&12=47&13=52&14=57&18=68&19=76&20=77&21=81&23=90&25=95&26=109&27=113&28=117&29=121&30=137&31=148'
