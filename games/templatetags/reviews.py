"""``{% review_method review %}``: how a stored review judged its moves, in the reader's words."""

from __future__ import annotations

from django import template

from games.engine.core import JsonDict
from games.reviews import review_method as phrase

register = template.Library()


@register.simple_tag
def review_method(review: JsonDict) -> str:
    return phrase(review)
