# A user-defined descriptor: reading the class attribute through an instance or
# the class calls __get__, and the attribute's value is what __get__ returns.
def make_report():
    return "report"


class Lazy:
    def __get__(self, obj, owner):
        return make_report


class Document:
    report = Lazy()


def run():
    doc = Document()
    action = doc.report
    return action(), Document.report()


run()
