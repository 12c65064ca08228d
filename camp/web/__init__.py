"""A request's way through the camp server: the laptop's addresses, the host check, security headers,
logs, a full disk."""
