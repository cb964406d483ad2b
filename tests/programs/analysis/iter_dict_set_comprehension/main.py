# Dict and set comprehensions calling package functions; the dict's values
# are functions called afterwards.
def key_of(name):
    return name.upper()


def make_action(name):
    def action():
        return name
    return action


def run(names):
    table = {key_of(n): make_action(n) for n in names}
    seen = {key_of(n) for n in names}
    return [table[k]() for k in seen]


run(["a", "b"])
