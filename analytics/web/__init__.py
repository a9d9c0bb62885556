"""The analytics pages and API: thin views over stored results, Plotly figures, and the URLs.

``views`` and ``api`` (ratings and statistics), ``figures`` (Plotly figures from plain rows),
the Mathematico ones beside them (``mathematico_views``, ``mathematico_api``,
``mathematico_figures``), and ``urls`` (included by the site under ``/analytics/``).
"""
