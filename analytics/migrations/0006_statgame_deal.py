from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("analytics", "0005_statgame_sample"),
    ]

    operations = [
        migrations.AddField(
            model_name="statgame",
            name="deal",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.AddIndex(
            model_name="statgame",
            index=models.Index(fields=["kind", "deal"], name="statgame_kind_deal"),
        ),
    ]
