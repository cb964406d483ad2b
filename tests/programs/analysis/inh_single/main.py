# A subclass inherits one method and overrides another.
class Animal:
    def name(self):
        return "animal"

    def speak(self):
        return "..."


class Duck(Animal):
    def speak(self):
        return "quack"


def run():
    d = Duck()
    return d.name(), d.speak()


run()
