"""What the tool keeps so as not to build it again, and how it knows when a kept thing is stale.

- :mod:`.version`: the camp run's version, a random token that every write of its game rows draws
  anew (the one hook), and reading it.
- Keyed by that version: :mod:`.public_pages` (the public pages and their front door, the team
  pages' kept views use its :func:`~.public_pages.forget_older`) and :mod:`.request_memo` (what a
  request reads twice, within the request and between requests while nothing is written).
- Keyed by their own input, so never stale: :mod:`.printed` (a PDF by a hash of the data it was
  drawn from) and :mod:`.prepared` (a read's SQL, built once from the code).

``docs/architecture.md``, "How the tool knows what changed", says what a new write or cache needs.
"""
