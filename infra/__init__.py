"""Tools every app uses and that know nothing of the games: bulk database writes (``bulk``)
and the management commands' progress bars (``progress``). The lowest Django layer: it imports
nothing of the project."""
