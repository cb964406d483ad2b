# Two unrelated bases defining the same method: the leftmost base wins;
# a method only the right base defines is still found.
class Reader:
    def open(self):
        return "reader"


class Writer:
    def open(self):
        return "writer"

    def flush(self):
        return "flushed"


class File(Reader, Writer):
    pass


def run():
    f = File()
    return f.open(), f.flush()


run()
