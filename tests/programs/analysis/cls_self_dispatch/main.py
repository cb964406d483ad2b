# self.step() in an inherited method dispatches on the receiver's class.
class Job:
    def run(self):
        return self.step()

    def step(self):
        return "job step"


class Backup(Job):
    def step(self):
        return "backup step"


def main():
    return Backup().run()


main()
