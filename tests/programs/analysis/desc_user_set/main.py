# A data descriptor: assigning through the instance calls __set__, and
# reading calls __get__ even though the instance has a same-named entry.
class Validated:
    def __get__(self, obj, owner):
        return obj.__dict__.get("age", 0)

    def __set__(self, obj, value):
        obj.__dict__["age"] = value


class Person:
    age = Validated()


def update(p):
    p.age = 30


def query(p):
    return p.age


p = Person()
update(p)
query(p)
