"""Records: the many small things of a map (zones, borders, passages, fills, aspects) kept lean.

A big map holds millions of them. A pydantic model object keeps its fields in a dict of
its own beside the set of names it was given; a slotted pydantic dataclass keeps them in slots
(a fraction of the memory) and pydantic-core builds one in less than half
the time. Validation is the same (unknown fields refused, assignments checked). The rest of the
app handles records as it handles models, so a record answers to the same few names:
model_fields, model_validate, model_dump, model_copy and model_json_schema.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable
from itertools import repeat
from operator import attrgetter
from typing import Any, ClassVar, Self, TypeVar

from pydantic import ConfigDict, TypeAdapter
from pydantic.dataclasses import dataclass
from pydantic.fields import FieldInfo

RECORD_CONFIG = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False, defer_build=True)
"""Checks are built at a record class's first use, or by built.build_checks, not as its module is
imported: the empty window's first frame checks nothing."""

RECORDS: list[type] = []
"""Every record class, in the order made (a record's fields name only records made before it)."""

R = TypeVar("R", bound=type)


def record(cls: R) -> R:
    """Make `cls` (a subclass of Record) a slotted, keyword-only pydantic dataclass. A field
    given by Field() is made keyword-only too: pydantic would take it by position and check it
    first, so a zone's first problem named would be in its aspects, not its missing id."""
    for name, value in list(vars(cls).items()):
        if isinstance(value, FieldInfo):
            setattr(cls, name, FieldInfo.merge_field_infos(value, kw_only=True))
    made = dataclass(config=RECORD_CONFIG, slots=True, kw_only=True)(cls)
    made.model_fields = made.__pydantic_fields__
    RECORDS.append(made)
    return made


def check_update(obj: Any, names: Iterable[str]) -> None:
    """Check each field a copy's update set, as an assignment is checked, once all are set:
    fields changed together (a track's boxes and its marks) are judged as they end up.
    ValidationError names the first field out of its limits."""
    validator = type(obj).__pydantic_validator__
    for name in names:
        validator.validate_assignment(obj, name, getattr(obj, name))


IMMUTABLE = (bool, int, float, str, type(None))
"""Values copies_with shares among its copies: one list given to every copy would be one list
in all of them, where model_copy checks, and so copies, it for each."""


def copies_with(objs: list[R], name: str, value: Any) -> list[R]:
    """Copies of records of one class, each with field `name` set to `value` (Fog All: every
    zone's `fogged`). The value is checked once, as an assignment is, on the first copy; the
    others are made in C calls, not model_copy's Python loop over their fields (most of Fog All's
    time on a big map). Records of several classes, or of a class whose checks read other
    fields (a model validator), or a value that is not IMMUTABLE, are copied and checked one by one."""
    if not objs:
        return []
    cls = type(objs[0])
    alike = issubclass(cls, Record) and len(cls.model_fields) > 1 and all(type(obj) is cls for obj in objs)
    if not alike or cls.__pydantic_decorators__.model_validators or not isinstance(value, IMMUTABLE):
        return [obj.model_copy(update={name: value}) for obj in objs]
    first = objs[0].model_copy(update={name: value})
    checked, fields = getattr(first, name), tuple(cls.model_fields)
    read, new, put = attrgetter(*fields), object.__new__, object.__setattr__
    made = [first]
    for obj in objs[1:]:
        copied = new(cls)
        deque(map(put, repeat(copied), fields, read(obj)), maxlen=0)
        put(copied, name, checked)
        made.append(copied)
    return made


class Record:
    """The base of every record; `__slots__` empty, so records carry no dict of their own."""

    __slots__ = ()
    model_fields: ClassVar[dict[str, FieldInfo]]
    __pydantic_validator__: ClassVar[Any]
    __pydantic_serializer__: ClassVar[Any]

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        return cls.__pydantic_validator__.validate_python(data)

    @classmethod
    def model_json_schema(cls, mode: str = "validation") -> dict[str, Any]:
        return TypeAdapter(cls).json_schema(mode=mode)

    def model_dump(self, *, mode: str = "python", include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return self.__pydantic_serializer__.to_python(self, mode=mode, include=include, exclude=exclude)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with `update` applied and checked (pydantic's own model_copy skips the checks:
        a rule's or a form's value past a field's limits saved a map the loader then refused)."""
        new = object.__new__(type(self))
        memo: dict[int, Any] = {}
        for name in self.model_fields:
            value = getattr(self, name)
            object.__setattr__(new, name, copy.deepcopy(value, memo) if deep else value)
        for name, value in (update or {}).items():
            if name not in self.model_fields:
                raise AttributeError(f"{type(self).__name__} has no field '{name}'")
            object.__setattr__(new, name, value)
        if update:
            check_update(new, update)
        return new

    def __copy__(self) -> Self:
        return self.model_copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name in self.model_fields:
            object.__setattr__(new, name, copy.deepcopy(getattr(self, name), memo))
        return new
