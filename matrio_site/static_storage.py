"""The static files storage of ``COMPRESSED_STATIC``: hashed names and compressed copies.

WhiteNoise's storage gives plain names while ``DEBUG`` is on (Django's choice for
development); ``make run`` is the club laptop's server and runs with ``DEBUG``, so its pages
must still name the hashed files, which browsers then cache for good (``immutable``).
"""

from __future__ import annotations

from typing import cast

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedCompressedStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # whitenoise has no hints
    def url(self, name: str | None, force: bool = False) -> str:
        return cast(str, super().url(name, force=True))
