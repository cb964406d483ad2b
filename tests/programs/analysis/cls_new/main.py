# __new__ runs before __init__ and returns the instance __init__ receives.
class Token:
    created = 0

    def __new__(cls, text):
        Token.created += 1
        return super().__new__(cls)

    def __init__(self, text):
        self.text = text

    def show(self):
        return self.text


def run():
    tok = Token("x")
    return tok.show()


run()
