# Made by `python -m ezkit.compiled_templates` from templates/web/page.html: not to edit.
SOURCE_SHA256 = "aad8da98c4eb62d76a603094d54e2c499f79343b8ef77b77bd1f6f6547e733b6"
JINJA = "3.1.6"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'web/page.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_page = resolve('page')
    l_0_token = resolve('token')
    l_0_main = resolve('main')
    try:
        t_1 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '<!doctype html><html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n<title>'
    yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'game'))
    if environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'player'):
        pass
        yield ': '
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'player'))
    else:
        pass
        yield ': the table'
    yield '</title>\n<link rel="stylesheet" href="/static/deck.css">\n<link rel="stylesheet" href="/static/card.css">\n<link rel="stylesheet" href="/static/web.css">\n<script src="/static/web.js" defer></script>\n</head>\n<body class="'
    if t_1(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'seat')):
        pass
        yield 'shared'
    else:
        pass
        yield 'seat'
    yield '">\n<main id="page" data-version="'
    yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'version'))
    yield '" data-token="'
    yield escape((undefined(name='token') if l_0_token is missing else l_0_token))
    yield '" data-seat="'
    if (not t_1(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'seat'))):
        pass
        yield escape(environment.getattr((undefined(name='page') if l_0_page is missing else l_0_page), 'seat'))
    yield '">\n'
    yield escape((undefined(name='main') if l_0_main is missing else l_0_main))
    yield '\n</main>\n<p id="error" role="alert" hidden></p>\n</body>\n</html>'

blocks = {}
debug_info = '17=21&23=30&24=37&25=45'
