# A closure factory: each call captures a different function in its cell.
def tea():
    return "tea"


def coffee():
    return "coffee"


def water():
    return "water"


def maker(recipe):
    def brew():
        return recipe()
    return brew


make_tea = maker(tea)
make_coffee = maker(coffee)
make_tea()
make_coffee()
