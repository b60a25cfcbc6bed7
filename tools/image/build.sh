#!/bin/bash
# make image: a bootable Debian 12 arm64 disk image of the companion appliance, built from
# Debian's archive, with the companion installed by hardware/install-kiosk.sh running inside
# it. For qemu-system-aarch64's "virt" machine (make appliance-test): Debian's kernel
# (linux-image-arm64, booted with -kernel/-initrd, written beside the image), systemd, and two
# partitions: the root, read-only at run time, and the companion's data (/var/lib/companion).
#
#   tools/image/build.sh [OUT]            (default build/image; run as root)
#
# Environment: IMAGE_CACHE (the bootstrapped roots, default ~/.cache/companion-image),
# IMAGE_PIN (the staff PIN, default 2468: change it on the appliance), DEBIAN_MIRROR,
# IMAGE_PIP_CERT (a CA bundle for pip inside the image, where the host's network needs one),
# IMAGE_OVERLAY=1 (the root as a RAM overlay over the read-only root: writable at run time,
# every change gone at the next start; see docs/appliance.md).
#
# The slow parts are cached: debootstrap's second stage runs every arm64 program under
# qemu-user (about 25 minutes on two cores), the kernel and display libraries take a few more.
# A rebuild with a cached root takes the installer's minutes only.
set -euo pipefail

out=${1:-build/image}
cache=${IMAGE_CACHE:-${HOME}/.cache/companion-image}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
pin=${IMAGE_PIN:-2468}
src=$(cd "$(dirname "$0")/../.." && pwd)
# what the cached system root holds; a change here makes it again
readonly SYSTEM_VERSION=1
readonly BASE_PACKAGES=systemd-sysv,udev,kmod,dbus,python3,python3-venv,python3-pip,git,ca-certificates,sudo,e2fsprogs
readonly SYSTEM_PACKAGES=(linux-image-arm64 rsync polkitd udisks2
    libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri
    # emulation only: virtio-gpu has no 3D, and SDL's GLES2 renderer on Mesa's llvmpipe shows
    # no textures (a black screen); SDL's desktop-GL renderer does (SDL_FRAMEBUFFER_ACCELERATION)
    libgl1 libopengl0 libglx-mesa0)

say() { printf '== %s (%s)\n' "$*" "$(date +%T)"; }
die() { echo "$*" >&2; exit 1; }

# -- what the host needs ---------------------------------------------------------------------
[[ $(id -u) == 0 ]] || die "make image runs as root (debootstrap, chroot, mounts)"
missing=""
command -v debootstrap >/dev/null || missing+=" debootstrap"
command -v sfdisk >/dev/null || missing+=" fdisk"
command -v mkfs.ext4 >/dev/null || missing+=" e2fsprogs"
[[ -e /usr/libexec/qemu-binfmt/aarch64-binfmt-P || -e /usr/bin/qemu-aarch64-static ]] || missing+=" qemu-user-static"
[[ -z "${missing}" ]] || die "first: apt-get install${missing}"
if ! grep -qs enabled /proc/sys/fs/binfmt_misc/qemu-aarch64; then
    # arm64 programs run through qemu-user: the kernel must be told (binfmt_misc)
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    cat /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi

mounted=()
mount_into() {  # proc, dev, sys inside a root; undone at exit whatever happens
    local root=$1
    mount -t proc proc "${root}/proc" && mounted+=("${root}/proc")
    mount --bind /dev "${root}/dev" && mounted+=("${root}/dev")
    mount -t sysfs sys "${root}/sys" && mounted+=("${root}/sys")
}
unmount_all() {
    local m
    for m in "${mounted[@]}"; do umount -l "${m}" 2>/dev/null || true; done
    mounted=()
}
trap unmount_all EXIT
in_root() { chroot "$1" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "${@:2}"; }

mkdir -p "${cache}"
# -- 1. Debian 12 arm64, bootstrapped (cached) ------------------------------------------------
base=${cache}/bookworm-arm64
if [[ ! -e ${base}/etc/debian_version || -e ${base}/debootstrap ]]; then
    say "debootstrap arm64 (first stage)"
    rm -rf "${base}.tmp"
    debootstrap --arch=arm64 --foreign --variant=minbase --include="${BASE_PACKAGES}" bookworm "${base}.tmp" "${mirror}"
    say "debootstrap second stage under qemu-user (long)"
    chroot "${base}.tmp" /debootstrap/debootstrap --second-stage
    rm -rf "${base}" && mv "${base}.tmp" "${base}"
fi

# -- 2. kernel, display libraries, the system's settings (cached) -----------------------------
system=${cache}/system-arm64
if [[ "$(cat "${system}/.companion-system" 2>/dev/null)" != "${SYSTEM_VERSION}" ]]; then
    say "system root: kernel and display libraries"
    rm -rf "${system}.tmp" && cp -a "${base}" "${system}.tmp"
    cp /etc/resolv.conf "${system}.tmp/etc/resolv.conf"
    # An initramfs with only the modules listed: Debian's MODULES=most copies ~3,700 modules one
    # process at a time, which under qemu-user takes longer than everything else together.
    mkdir -p "${system}.tmp/etc/initramfs-tools/conf.d"
    echo 'MODULES=list' > "${system}.tmp/etc/initramfs-tools/conf.d/modules-list.conf"
    printf 'virtio_pci\nvirtio_blk\next4\n' >> "${system}.tmp/etc/initramfs-tools/modules"
    echo "deb ${mirror} bookworm main" > "${system}.tmp/etc/apt/sources.list"
    mount_into "${system}.tmp"
    in_root "${system}.tmp" apt-get update -q
    in_root "${system}.tmp" apt-get install -y -q --no-install-recommends "${SYSTEM_PACKAGES[@]}"
    in_root "${system}.tmp" apt-get clean
    unmount_all
    echo companion > "${system}.tmp/etc/hostname"
    echo 'root:companion' | in_root "${system}.tmp" chpasswd
    cat > "${system}.tmp/etc/fstab" <<'FSTAB'
# The root is read-only: only the companion's data partition is written.
LABEL=root  /                   ext4   ro,errors=remount-ro      0 1
LABEL=data  /var/lib/companion  ext4   defaults,noatime          0 2
tmpfs       /tmp                tmpfs  mode=1777,size=64m        0 0
tmpfs       /var/tmp            tmpfs  mode=1777,size=16m        0 0
tmpfs       /var/cache          tmpfs  mode=0755,size=64m        0 0
tmpfs       /var/log            tmpfs  mode=0755,size=32m        0 0
tmpfs       /var/lib/systemd    tmpfs  mode=0755,size=8m         0 0
FSTAB
    # a root shell on the serial console, for the appliance test (there is no network)
    mkdir -p "${system}.tmp/etc/systemd/system/serial-getty@ttyAMA0.service.d"
    cat > "${system}.tmp/etc/systemd/system/serial-getty@ttyAMA0.service.d/autologin.conf" <<'UNIT'
[Service]
ExecStart=
ExecStart=-/sbin/agetty -o '-p -f -- \\u' --autologin root --keep-baud 115200,57600,38400,9600 - $TERM
UNIT
    : > "${system}.tmp/etc/machine-id"
    in_root "${system}.tmp" systemd-machine-id-setup >/dev/null
    echo "${SYSTEM_VERSION}" > "${system}.tmp/.companion-system"
    rm -rf "${system}" && mv "${system}.tmp" "${system}"
fi

# -- 3. the companion, installed by its own installer ------------------------------------------
say "image root: the companion by hardware/install-kiosk.sh"
mkdir -p "${out}"
out=$(cd "${out}" && pwd)
rm -rf "${out}/root" "${out}/data"
cp -a "${system}" "${out}/root"
mkdir -p "${out}/data" "${out}/root/root/companion"
# the checkout as it is committed (git archive: no .venv, no build/)
git -C "${src}" archive HEAD | tar -x -C "${out}/root/root/companion"
cp /etc/resolv.conf "${out}/root/etc/resolv.conf"
pip_cert=()
if [[ -n "${IMAGE_PIP_CERT:-}" ]]; then
    cp "${IMAGE_PIP_CERT}" "${out}/root/root/pip-ca.crt"
    pip_cert=(PIP_CERT=/root/pip-ca.crt)
fi
mount_into "${out}/root"
echo "${pin}" | in_root "${out}/root" "${pip_cert[@]}" bash /root/companion/hardware/install-kiosk.sh --no-start --pin -
unmount_all
rm -rf "${out}/root/root/companion" "${out}/root/root/pip-ca.crt"
# emulation only (see SYSTEM_PACKAGES); a Pi's V3D draws with GLES2
echo 'SDL_FRAMEBUFFER_ACCELERATION=opengl' >> "${out}/root/etc/default/companion"
# The data partition is mounted over /var/lib/companion: what the installer put there (the PIN's
# hash in settings.toml) goes onto that partition, with its owner and mode.
cp -a "${out}/root/var/lib/companion/." "${out}/data/"
find "${out}/root/var/lib/companion" -mindepth 1 -delete
chown --reference="${out}/root/var/lib/companion" "${out}/data"
chmod --reference="${out}/root/var/lib/companion" "${out}/data"
if [[ "${IMAGE_OVERLAY:-0}" == 1 ]]; then
    say "overlay root: initramfs script and the initramfs again"
    # The root partition is mounted read-only underneath and a RAM disk on top (overlayfs), as
    # Raspberry Pi OS's "overlay file system" does: programs may write anywhere, nothing of it
    # reaches the card, a power cut or a reboot starts from the image again. Only the data
    # partition (/var/lib/companion, mounted by fstab as before) keeps what is written.
    install -m 0755 "${src}/tools/image/overlay-root" "${out}/root/etc/initramfs-tools/scripts/local-bottom/overlay-root"
    grep -qx overlay "${out}/root/etc/initramfs-tools/modules" || echo overlay >> "${out}/root/etc/initramfs-tools/modules"
    # "/" is the overlay now: fstab must not name the partition under it (systemd would remount
    # it), and the RAM folders of the read-only root are not needed
    cat > "${out}/root/etc/fstab" <<'FSTAB'
# The root is a RAM overlay over the read-only root partition (/media/root-ro): only the
# companion's data partition is written.
LABEL=data  /var/lib/companion  ext4   defaults,noatime          0 2
FSTAB
    mount_into "${out}/root"
    in_root "${out}/root" update-initramfs -u -k all
    unmount_all
fi

# systemd waits 90 s for the data partition to appear, then stops the boot in emergency mode;
# emulated on a busy machine, udev took longer than that (a card reader's disk is there in
# seconds): wait 10 minutes
sed -i 's#^\(LABEL=data .*defaults,noatime\)\( \)#\1,x-systemd.device-timeout=10min\2#' "${out}/root/etc/fstab"
grep -q 'x-systemd.device-timeout' "${out}/root/etc/fstab" || die "fstab: the data partition's line was not found"

# -- 4. the disk: GPT, root and data, made without loop devices ---------------------------------
say "disk image"
img=${out}/companion-arm64.img
rm -f "${img}"
truncate -s 3G "${img}"
printf 'label: gpt\nstart=1MiB, size=2600MiB, name=root\nname=data\n' | sfdisk -q "${img}"
part() {  # start and size in bytes of partition $1
    sfdisk -J "${img}" | python3 -c "import json,sys; p=json.load(sys.stdin)['partitiontable']['partitions'][$1-1]; print(p['start']*512, p['size']*512)"
}
read -r s1 n1 <<<"$(part 1)"
read -r s2 n2 <<<"$(part 2)"
mkfs.ext4 -q -F -L root -E offset="${s1}" -d "${out}/root" "${img}" "$((n1 / 1024))k"
mkfs.ext4 -q -F -L data -E offset="${s2}" -d "${out}/data" "${img}" "$((n2 / 1024))k"
cp "${out}"/root/boot/vmlinuz-* "${out}/vmlinuz"
cp "${out}"/root/boot/initrd.img-* "${out}/initrd.img"
say "done: ${img} (+ vmlinuz, initrd.img)"
