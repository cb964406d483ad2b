# hasattr(obj, "close") guards obj.close(): it runs only for the objects having close.
class File:
    def close(self):
        return "file"


class Pipe:
    def write(self, data):
        return len(data)


class Socket:
    def close(self):
        return "socket"


def finish(obj):
    if hasattr(obj, "close"):
        return obj.close()
    return None


finish(File())
finish(Pipe())
Socket().close()
