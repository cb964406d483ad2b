# A nested function called by its parent, and a class defined inside a function.
def build():
    def helper():
        return "help"

    class Local:
        def act(self):
            return helper()

    return Local().act()


build()
