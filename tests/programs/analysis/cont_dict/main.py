# A dispatch table: a dict literal of functions, looked up and called.
def do_get():
    return "GET"


def do_post():
    return "POST"


def do_delete():
    return "DELETE"


ROUTES = {"get": do_get, "post": do_post}


def handle(method):
    handler = ROUTES[method]
    return handler()


def handle_default(method):
    return ROUTES.get(method, do_delete)()


handle("get")
handle("post")
handle_default("put")
