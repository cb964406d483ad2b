# d[k] = v and d.update(...) store into one dict, read back by d[k] and d.get(k); a second dict's store reaches only its own loads.
class Conf:
    pass


def build():
    host = Conf()
    port = Conf()
    user = Conf()
    table = {}
    table["host"] = host
    table.update({"port": port})
    other = {}
    other["user"] = user
    h = table["host"]
    p = table.get("port")
    u = other.get("user")
    return h, p, u


build()
