#!/usr/bin/env python
"""Django's command-line utility for MatriO Club."""

from __future__ import annotations

import sys


def main() -> None:
    from matrio_site.startup import load_settings_or_exit

    load_settings_or_exit()
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
