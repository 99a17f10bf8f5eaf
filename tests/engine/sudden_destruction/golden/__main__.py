"""Write the golden logs again (see __init__.py for when)."""

from tests.engine.sudden_destruction.golden import write_all

write_all()
