# The two commands: `make run` and `make test`. Both create .venv themselves.
# `make lint` runs the pinned checkers (ruff, mypy, import-linter) from the [dev] extra;
# `make wheel` builds dist/companion-*.whl, which carries assets/ and hardware/pins.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test test-fast lint wheel bench firmware screenshots image appliance-test clean floor-tools

# A .venv left half made (python3-venv was missing when it was made, or the pip upgrade was cut
# off) has a python but no pip, or no mark that it was finished: it is made again, not trusted.
ifneq ($(wildcard $(VENV)/.),)
ifneq ($(shell $(BIN)/python -c 'import pip' >/dev/null 2>&1 \
               && { test -f $(VENV)/.made || test -f $(VENV)/.installed-run; } && echo ok),ok)
$(info $(VENV) was left half made: making it again)
$(shell rm -rf $(VENV))
endif
endif

# On a Raspberry Pi the [pi] extra brings the pin library gpiozero drives (lgpio).
EXTRAS := $(shell grep -qsi 'raspberry pi' /proc/device-tree/model && echo pi)
comma  := ,
with    = $(subst $() ,$(comma),$(strip $(1) $(EXTRAS)))
# setuptools tells every editable install of a package whose folders are mapped (assets/ is
# companion/_assets) that it is one ("Editable installation. Please be careful with folders...");
# nothing is wrong, so that note alone is not shown.
PIP_INSTALL = PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install --quiet

# What the system must provide (python3-venv) is checked first: tools/need-system.sh names the
# one apt line, or installs it when run as root.
$(VENV)/.made:
	@sh tools/need-system.sh $(PYTHON)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@touch $@

$(VENV)/.installed-run: pyproject.toml | $(VENV)/.made
	$(PIP_INSTALL) -e '.$(if $(EXTRAS),[$(EXTRAS)])'
	@touch $@

# The race (tests/tinygame), a fifth game distributed on its own, is not installed: the tests
# put it on their own path (tests/conftest.py), where the companion finds it through its entry
# point like any game a café installs. A .venv an earlier `make test` gave it loses it here.
$(VENV)/.installed-dev: pyproject.toml tests/tinygame/pyproject.toml | $(VENV)/.made
	$(PIP_INSTALL) -e '.[$(call with,dev)]'
	@$(UNINSTALL_RACE)
	@touch $@ $(VENV)/.installed-run

# companion-race, where an earlier `make test` installed it into the .venv
UNINSTALL_RACE = if $(BIN)/python -c 'import importlib.metadata as m; m.distribution("companion-race")' 2>/dev/null; \
	then $(BIN)/python -m pip uninstall --yes --quiet companion-race; fi

# Started from a terminal the companion is a window (Escape leaves it), also on a Pi; the
# installed unit is the kiosk.
# The race is a fixture of the tests, not a game of the box: the menu a family sees lists only
# the real games (a .venv an earlier `make test` installed it into loses it here).
run: $(VENV)/.installed-run
	@sh tools/need-system.sh --screen $(PYTHON)
	@$(UNINSTALL_RACE)
	$(BIN)/companion --no-kiosk

TEST_ENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock

# Every test, on two processes (pytest-xdist).
test: $(VENV)/.installed-dev floor-tools
	$(TEST_ENV) $(BIN)/python -m pytest -n 2

# The lane to run while working: every test not marked slow (about 40 s of processor time).
test-fast: $(VENV)/.installed-dev floor-tools
	$(TEST_ENV) $(BIN)/python -m pytest -m "not slow" -n 2

# The café floor's tests start a real mosquitto and drive the floor page in Debian's chromium:
# installed here when we may (root with apt), otherwise said exactly (those tests then skip).
FLOOR_APT := mosquitto chromium chromium-driver
floor-tools:
	@if { command -v mosquitto || [ -x /usr/sbin/mosquitto ]; } >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get install -y -q $(FLOOR_APT) >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q $(FLOOR_APT) >/dev/null; }; \
	else echo "The floor tests need mosquitto and chromium: apt-get install -y $(FLOOR_APT)"; fi

# All three run even when one finds something; the exit status says whether any did.
lint: $(VENV)/.installed-dev
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/mypy companion || status=1; \
	$(BIN)/lint-imports || status=1; \
	exit $$status

# The build's own output is shown only when it fails.
wheel: $(VENV)/.installed-dev
	@mkdir -p build
	@$(BIN)/python -m pip wheel --no-deps --no-build-isolation --wheel-dir dist . > build/wheel.log 2>&1 \
		|| { cat build/wheel.log; exit 1; }
	@ls dist/companion-*.whl

# Times, plus instruction counts and the Pi Zero 2 W estimate where valgrind is installed
# (several minutes). BENCH_ARGS="--quick" or "--store-dir /home/pi" as needed.
bench: $(VENV)/.installed-run
	$(BIN)/companion bench --instructions $(BENCH_ARGS)

# The serial box's sketch for the Uno and the Micro, with Debian's Arduino AVR core (offline:
# apt-get install gcc-avr avr-libc arduino-core-avr): build/firmware/serial-box.{uno,micro}.hex,
# with flash and RAM use against each chip. Flashing: hardware/serial-box.md.
firmware:
	@sh hardware/serial-box/build.sh build/firmware

# The pictures of the play pages (docs/play/img/GAME.LANG.png), made again from the screens as
# they are now by `companion demo --screenshot`.
screenshots: $(VENV)/.installed-run
	$(BIN)/python tools/screenshots.py docs/play/img

# The appliance: a Debian 12 arm64 disk image with the companion installed by its installer
# (as root; IMAGE_CACHE keeps the bootstrapped roots, see tools/image/build.sh), and that image
# booted in qemu-system-aarch64, driven and cut by tests/appliance (not part of make test).
# `make image IMAGE_OVERLAY=1` makes the root a RAM overlay over the read-only partition;
# IMAGE_OUT is where the image goes (make appliance-test reads APPLIANCE_IMAGE).
IMAGE_OUT ?= build/image
image:
	IMAGE_OVERLAY=$(IMAGE_OVERLAY) bash tools/image/build.sh $(IMAGE_OUT)

appliance-test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -m appliance -s -p no:cacheprovider tests/appliance

clean:
	rm -rf $(VENV) dist build
