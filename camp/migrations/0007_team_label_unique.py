"""One label per camp run. Its own migration: PostgreSQL alters no table in the transaction that
just updated its rows (0006 gives existing teams their marks)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("camp", "0006_team_mark"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('camp', 'label'), name='team_label_unique_in_camp', violation_error_message='Another team of this camp run already has this mark.'),
        ),
    ]
