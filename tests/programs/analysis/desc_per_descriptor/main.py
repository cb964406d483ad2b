# A cached_property-style descriptor wraps a method in each of two classes: __set_name__
# moves the wrapped function to where __get__ calls it with the instance. Page has two, whose
# __set_name__ the class statement calls from one site: each still runs with its own `self`.
class cached:
    def __init__(self, func):
        self.real = func

    def __set_name__(self, owner, name):
        self.name = name
        self.func = self.real

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class Page:
    def __init__(self, body):
        self.body = body

    @cached
    def words(self):
        return [self.body]

    @cached
    def heading(self):
        return "page"


class User:
    def __init__(self, login):
        self.login = login

    @cached
    def display(self):
        return self.login.upper()


def run():
    words = Page("a b").words
    return words, User("x").display


run()
