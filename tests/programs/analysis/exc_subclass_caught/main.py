# `except Base as e` also catches subclass instances; the method called on e
# dispatches on the raised class.
class AppError(Exception):
    def code(self):
        return 1


class DbError(AppError):
    def code(self):
        return 2


def query():
    raise DbError("down")


def run():
    try:
        query()
    except AppError as e:
        return e.code()


run()
