# Lambdas made in a loop capture the loop variable's cell, not its value:
# every lambda calls whatever the variable held last (tidy).
def wash():
    return "wash"


def tidy():
    return "tidy"


def plan():
    jobs = []
    for chore in (wash, tidy):
        jobs.append(lambda: chore())
    return [job() for job in jobs]


plan()
