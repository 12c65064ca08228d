"""The printed sheets of a Golden Islands round (ReportLab, A4): their data (:mod:`.data`), the
canvas helpers both share (:mod:`.canvas`), the map on paper (:mod:`.map`), each team's sheet
(:mod:`.team_sheet`) and the staff master sheet (:mod:`.master_sheet`). Only pages, admin, tests
and benchmarks import this package."""
