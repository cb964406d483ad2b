def double(x):
    return x * 2


def make_greeter(name):
    def greet():
        return name
    return greet


doubled = list(map(double, [1, 2, 3]))

greeters = map(make_greeter, ["ann", "bo"])
for greeter in greeters:
    greeter()
