# Methods of str objects (join, split, upper) called on receivers known to be str.
class Path:
    def __init__(self, parts):
        self.parts = parts

    def join(self, other):
        return Path(self.parts + other.parts)


def words(text):
    parts = text.split()
    return " ".join(parts)


def shout(text):
    loud = text.upper()
    return loud


def run():
    sentence = words("a  b c")
    return shout(sentence)


run()
Path(["x"]).join(Path(["y"]))
