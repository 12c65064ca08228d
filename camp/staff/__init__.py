"""The staff: the camp's permissions, the three roles, logins and passwords."""
