# g.send(v) resumes the generator with v as the value of its paused yield: an argument edge from the send's line to the yield's line, of the generator g holds only.
def running_total(start):
    total = start
    while True:
        got = yield total
        total = total + got


def echo(first):
    heard = yield first
    yield heard


step = 5
word = "hi"
g = running_total(step)
next(g)
a = g.send(step)
b = g.send(step)
h = echo(word)
next(h)
c = h.send(word)
