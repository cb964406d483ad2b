from app import service


def run():
    return service.handle("req")


run()
