# @dataclasses.dataclass: the generated __init__ stores keyword arguments in the fields of
# their names; a dataclass whose body defines __init__ keeps its own.
import dataclasses


class Clock:
    def now(self):
        return 1.0


class Other:
    def now(self):
        return 2.0


@dataclasses.dataclass
class Task:
    name: str
    get_time: object

    def elapsed(self):
        return self.get_time()


@dataclasses.dataclass
class Custom:
    get_time: object

    def __init__(self, get_time):
        self.get_time = Other().now

    def elapsed(self):
        return self.get_time()


def run():
    task = Task(name="t", get_time=Clock().now)
    return task.elapsed()


def run_custom():
    custom = Custom(get_time=Clock().now)
    return custom.elapsed()


run()
run_custom()
