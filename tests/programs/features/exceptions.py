import os


class AppError(Exception):
    pass


def risky(path):
    try:
        handle = open(path)
    except FileNotFoundError as missing:
        raise AppError(path) from missing
    except (PermissionError, IsADirectoryError):
        return None
    else:
        with handle:
            return handle.read()
    finally:
        os.sync()


def nested(x):
    try:
        try:
            return 1 / x
        except ZeroDivisionError:
            raise
    except Exception as error:
        print(error)
        return 0
    finally:
        x = None


def cleanup_returns(x):
    for i in range(x):
        try:
            if i == 2:
                return i
        finally:
            if x > 10:
                break
    return -1
