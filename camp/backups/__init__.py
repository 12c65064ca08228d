"""The camp file (export, check, import), the database snapshots (write, read, restore) and whose
database this is."""
