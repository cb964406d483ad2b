# property(getter, setter) with distinct function names: a read calls only
# the getter, an assignment only the setter.
class Config:
    def __init__(self):
        self._mode = "fast"

    def get_mode(self):
        return self._mode

    def set_mode(self, value):
        self._mode = value

    mode = property(get_mode, set_mode)


def read(cfg):
    return cfg.mode


def write(cfg):
    cfg.mode = "slow"


cfg = Config()
read(cfg)
write(cfg)
