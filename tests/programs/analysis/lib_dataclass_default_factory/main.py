# dataclasses.field(default_factory=...): the generated __init__ calls the factory when the field is omitted.
import dataclasses


class Log:
    def __init__(self):
        self.lines = []

    def add(self, line):
        return line


class Tags:
    def add(self, tag):
        return tag


def make_tags():
    return Tags()


@dataclasses.dataclass
class Job:
    name: str
    log: Log = dataclasses.field(default_factory=Log)
    tags: Tags = dataclasses.field(default_factory=make_tags)


def run():
    job = Job("build")
    log = job.log
    tags = job.tags
    return log.add("start"), tags.add("ci")


run()
