# A bound method call passes the receiver to self and its argument to text, of the receiver's class only; a bound method kept in a variable still passes its argument.
class Printer:
    def show(self, text):
        return text


class Logger:
    def show(self, text):
        return text


def use(msg):
    p = Printer()
    out = p.show(msg)
    log = Logger()
    shower = log.show
    again = shower(msg)
    return out, again


use("hi")
