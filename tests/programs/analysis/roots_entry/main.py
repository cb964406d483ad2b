"""A request handler called by a framework: `--entry main.handle`."""


def handle(request):
    respond(request)


def respond(request):
    return request


def other():
    log()


def log():
    return None
