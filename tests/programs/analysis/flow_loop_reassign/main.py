# In each iteration w is a Walker for step(), then a Runner for go().
class Walker:
    def step(self):
        return "walker"

    def go(self):
        return "walker"


class Runner:
    def step(self):
        return "runner"

    def go(self):
        return "runner"


def use():
    for _ in range(2):
        w = Walker()
        w.step()
        w = Runner()
        w.go()


use()
