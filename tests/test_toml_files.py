"""TOML files read at start come from a parsed copy only while the file is byte for byte the
one the copy was made from; anything odd means parsing the file again, never a wrong value."""

from __future__ import annotations

import os
import sys

import pytest

from companion import toml_files


@pytest.fixture
def folder(tmp_path):
    return tmp_path


def copies(cache):
    return sorted(p.name for p in cache.glob("*.json")) if cache.exists() else []


def test_the_second_read_comes_from_the_copy_and_gives_the_same_tables(folder, monkeypatch):
    path, cache = folder / "de.toml", folder / "cache"
    path.write_text('title = "Menü"\n[screen]\nvolume = 40\nlist = [1, 2.5, true]\n', encoding="utf-8")
    first = toml_files.read(path, cache=cache)
    assert len(copies(cache)) == 1
    # the copy is read without the TOML reader: a second read that needed it would fail here
    monkeypatch.setitem(sys.modules, "tomllib", None)
    assert toml_files.read(path, cache=cache) == first == {"title": "Menü", "screen": {"volume": 40,
                                                                                      "list": [1, 2.5, True]}}


def test_a_changed_file_is_read_again_even_with_the_same_size_and_time(folder):
    path, cache = folder / "s.toml", folder / "cache"
    path.write_text("volume = 40\n", encoding="utf-8")
    stat = path.stat()
    assert toml_files.read(path, cache=cache) == {"volume": 40}
    path.write_text("volume = 70\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size, same time
    assert toml_files.read(path, cache=cache) == {"volume": 70}
    assert toml_files.read(path, cache=cache) == {"volume": 70}


def test_a_damaged_copy_is_ignored_and_replaced(folder):
    path, cache = folder / "s.toml", folder / "cache"
    path.write_text("volume = 40\n", encoding="utf-8")
    toml_files.read(path, cache=cache)
    (copy,) = cache.glob("*.json")
    for junk in ("{not json", '{"stamp": 1, "data": 2}', "[]", ""):
        copy.write_text(junk, encoding="utf-8")
        assert toml_files.read(path, cache=cache) == {"volume": 40}
    assert '"volume": 40' in copy.read_text(encoding="utf-8")


def test_a_folder_that_cannot_be_written_only_means_parsing_each_time(folder):
    path = folder / "s.toml"
    path.write_text("volume = 40\n", encoding="utf-8")
    blocked = folder / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert toml_files.read(path, cache=blocked / "cache") == {"volume": 40}
    assert toml_files.read(path, cache=blocked / "cache") == {"volume": 40}


def test_dates_are_not_kept_as_json_but_read_right(folder):
    path, cache = folder / "d.toml", folder / "cache"
    path.write_text("when = 2026-11-25\n", encoding="utf-8")
    first = toml_files.read(path, cache=cache)
    assert str(first["when"]) == "2026-11-25" and copies(cache) == []
    assert toml_files.read(path, cache=cache) == first


def test_bad_toml_and_bad_bytes_are_value_errors_and_a_missing_file_an_os_error(folder):
    bad, latin = folder / "bad.toml", folder / "latin.toml"
    bad.write_text("volume = \n", encoding="utf-8")
    latin.write_bytes('title = "Men\xfc"\n'.encode("latin-1"))
    for path in (bad, latin):
        with pytest.raises(ValueError):
            toml_files.read(path, cache=folder / "cache")
    with pytest.raises(OSError):
        toml_files.read(folder / "missing.toml", cache=folder / "cache")
    assert copies(folder / "cache") == []


def test_two_files_of_the_same_name_in_different_folders_keep_apart(folder):
    cache = folder / "cache"
    for name, volume in (("a", 1), ("b", 2)):
        (folder / name).mkdir()
        (folder / name / "settings.toml").write_text(f"volume = {volume}\n", encoding="utf-8")
    assert toml_files.read(folder / "a" / "settings.toml", cache=cache) == {"volume": 1}
    assert toml_files.read(folder / "b" / "settings.toml", cache=cache) == {"volume": 2}
    assert toml_files.read(folder / "a" / "settings.toml", cache=cache) == {"volume": 1}
    assert len(copies(cache)) == 2


def test_the_default_folder_follows_xdg_cache_home(folder, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "xdg"))
    path = folder / "s.toml"
    path.write_text("volume = 40\n", encoding="utf-8")
    toml_files.read(path)
    assert len(copies(folder / "xdg" / "companion" / "toml")) == 1
