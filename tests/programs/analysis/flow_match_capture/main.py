# requires: 3.10
# target = Fallback() calls before(); `case Item() as target` rebinds it to the subject,
# which calls after().
class Fallback:
    def before(self):
        return "fallback"

    def after(self):
        return "fallback"


class Item:
    def before(self):
        return "item"

    def after(self):
        return "item"


def use(subject):
    target = Fallback()
    target.before()
    match subject:
        case Item() as target:
            target.after()


use(Item())
