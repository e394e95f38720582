#!/usr/bin/env bash
# Make the Chroma server (the native addon in chromadb-js-bindings-linux-x64-gnu)
# runnable on this machine.
#
# The addon needs glibc >= 2.38. With a new enough system glibc (Debian 13,
# Ubuntu 24.04, ...) this script does nothing: plain node runs the server.
# On an older system (Debian 12: glibc 2.36) it downloads Debian 13 (trixie)'s
# libc6, libstdc++6 and libgcc-s1 and unpacks them into
#   <repo>/.cache/glibc-trixie/
# so the server can be started through that folder's loader:
#   .cache/glibc-trixie/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 \
#     --library-path .cache/glibc-trixie/usr/lib/x86_64-linux-gnu \
#     "$(command -v node)" node_modules/chromadb/dist/cli.mjs run --path DIR --port PORT
# (test/support/chromaServer.ts does this.)
#
# apt-get runs with a private configuration: its own sources list,
# lists/cache/status and no apt.conf.d (so none of the system's update or dpkg
# hooks run), keeping only the system's transport settings (Acquire::http::Proxy
# and the like) so it works behind a proxy. The system's apt state is not
# touched. Only the Debian mirror the system already uses must be reachable.
# Idempotent: an existing, working .cache/glibc-trixie is reused.
#
# Usage: chroma-runtime.sh [--print-mirror | --print-apt-config]
#   --print-mirror      print the mirror it would download from, and exit
#   --print-apt-config  print the private apt configuration it would use, and exit
#
# Environment:
#   CHROMA_RUNTIME_MIRROR  Debian mirror to use (default: the first Debian mirror
#                          in the system's apt sources, else http://deb.debian.org/debian)
#   CHROMA_RUNTIME_APT_DIR where the apt sources are read (default /etc/apt:
#                          sources.list, sources.list.d/*.list and *.sources)
#   CHROMA_RUNTIME_SUITE   suite to take the libraries from (default: trixie)
#   CHROMA_RUNTIME_FORCE=1 download even if the system glibc is new enough
set -euo pipefail

mode=${1:-}
case $mode in
  '' | --print-mirror | --print-apt-config) ;;
  *) printf 'chroma-runtime: usage: %s [--print-mirror | --print-apt-config]\n' "$0" >&2; exit 2 ;;
esac

readonly REQUIRED_GLIBC=2.38
readonly PACKAGES=(libc6 libstdc++6 libgcc-s1)
SUITE=${CHROMA_RUNTIME_SUITE:-trixie}

log() { printf 'chroma-runtime: %s\n' "$*" >&2; }
die() { printf 'chroma-runtime: error: %s\n' "$*" >&2; exit 1; }

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/.." && pwd)
cache_root="$repo_root/.cache"
dest="$cache_root/glibc-$SUITE"
readonly MULTIARCH=x86_64-linux-gnu
loader_rel="usr/lib/$MULTIARCH/ld-linux-x86-64.so.2"

# --- Which mirror? -------------------------------------------------------------
# The first URI in the apt sources that serves a plain Debian suite (not
# -security, not a third-party repository), in one-line or deb822 format.
apt_dir=${CHROMA_RUNTIME_APT_DIR:-/etc/apt}
find_mirror() {
  local files=() f
  [[ -f $apt_dir/sources.list ]] && files+=("$apt_dir/sources.list")
  for f in "$apt_dir"/sources.list.d/*.list "$apt_dir"/sources.list.d/*.sources; do
    [[ -f $f ]] && files+=("$f")
  done
  ((${#files[@]})) || return 1
  awk '
    function consider(uri, suites,   n, i, s) {
      if (found || uri !~ /^https?:\/\//) return
      if (uri ~ /debian-security/) return
      n = split(suites, s, /[ \t]+/)
      for (i = 1; i <= n; i++)
        if (s[i] ~ /^(bookworm|trixie|forky|bullseye|stable|testing|oldstable|sid|unstable)$/) { print uri; found = 1; exit }
    }
    # End of a deb822 stanza: only enabled "deb" (binary) entries count.
    function flush() {
      if (types ~ /(^|[ \t])deb([ \t]|$)/ && enabled != "no") consider(uris, suites)
      types = ""; uris = ""; suites = ""; enabled = ""
    }
    FNR == 1 { flush() }
    /^[ \t]*#/ { next }
    # one-line format: deb [options] URI SUITE COMPONENTS...
    /^[ \t]*deb[ \t]/ {
      line = $0; sub(/^[ \t]*deb[ \t]+/, "", line); sub(/^\[[^]]*\][ \t]+/, "", line)
      split(line, w, /[ \t]+/); consider(w[1], w[2]); next
    }
    # deb822 format: "Field: value" lines (field names in any case), stanzas separated by blank lines
    /^[ \t\r]*$/ { flush(); next }
    match($0, /^[A-Za-z-]+:/) {
      key = tolower(substr($0, 1, RLENGTH - 1)); value = substr($0, RLENGTH + 1)
      sub(/^[ \t]+/, "", value); sub(/[ \t\r]+$/, "", value)
      if (key == "types") types = value
      else if (key == "uris") { split(value, u, /[ \t]+/); uris = u[1] }
      else if (key == "suites") suites = value
      else if (key == "enabled") enabled = tolower(value)
    }
    END { flush() }
  ' "${files[@]}"
}

mirror=${CHROMA_RUNTIME_MIRROR:-}
if [[ -z $mirror ]]; then
  mirror=$(find_mirror 2>/dev/null | head -n 1 || true)
  if [[ -z $mirror ]]; then
    mirror=http://deb.debian.org/debian
    [[ $mode == --print-mirror ]] || log "no Debian mirror found in $apt_dir/sources.list{,.d}; using $mirror"
  fi
fi
mirror=${mirror%/}
if [[ $mode == --print-mirror ]]; then
  printf '%s\n' "$mirror"
  exit 0
fi

# The private apt configuration. No apt.conf.d and no apt.conf: the system's
# hooks (APT::Update::Post-Invoke-Success, DPkg::Post-Invoke, ...) and extra
# index targets stay out; "#clear" in APT_CONFIG cannot do that, since apt
# reads APT_CONFIG before apt.conf.d. Only the transport settings (proxies,
# TLS, timeouts) are carried over, as the system's apt (and an APT_CONFIG the
# caller set) has them; http_proxy and the like in the environment apply too.
private_apt_config() { # private_apt_config WORKDIR
  local work=$1
  cat <<EOF
Dir::Etc::main "/dev/null";
Dir::Etc::parts "$work/apt.conf.d";
Dir::Etc::sourcelist "$work/sources.list";
Dir::Etc::sourceparts "$work/sources.list.d";
Dir::Etc::preferences "$work/preferences";
Dir::Etc::preferencesparts "$work/preferences.d";
Dir::State "$work";
Dir::State::Lists "$work/lists";
Dir::State::status "$work/status";
Dir::Cache "$work/cache";
Dir::Cache::archives "$work/cache/archives";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
Acquire::Languages "none";
EOF
  if command -v apt-config >/dev/null 2>&1; then
    apt-config dump 2>/dev/null | grep -E '^Acquire::(http|https|ftp|socks)(::| )' || true
  fi
  if [[ $mirror == *snapshot.debian.org* ]]; then
    echo 'Acquire::Check-Valid-Until "false";'
  fi
  if [[ $(id -u) == 0 ]]; then
    # apt drops to _apt for downloads, which cannot write into our private dirs.
    echo 'APT::Sandbox::User "root";'
  fi
}
if [[ $mode == --print-apt-config ]]; then
  private_apt_config "${TMPDIR:-/tmp}/chroma-runtime.work"
  exit 0
fi

# --- 1. Is the system glibc new enough? ---------------------------------------
glibc_version() {
  local v=''
  if command -v ldd >/dev/null 2>&1; then
    # "ldd (Debian GLIBC 2.36-9+deb12u14) 2.36": the last field of the first line
    v=$(ldd --version 2>/dev/null | head -n 1 | awk '{print $NF}') || v=''
  fi
  if ! [[ $v =~ ^[0-9]+\.[0-9]+ ]] && command -v getconf >/dev/null 2>&1; then
    v=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}') || v=''
  fi
  [[ $v =~ ^([0-9]+\.[0-9]+) ]] && printf '%s\n' "${BASH_REMATCH[1]}"
}

version_ge() { # version_ge A B: A >= B
  [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" == "$2" ]]
}

system_glibc=$(glibc_version || true)
[[ -n $system_glibc ]] || die "could not determine the system glibc version ('ldd --version' / 'getconf GNU_LIBC_VERSION'); is this a glibc-based Linux?"

if version_ge "$system_glibc" "$REQUIRED_GLIBC" && [[ ${CHROMA_RUNTIME_FORCE:-} != 1 ]]; then
  log "system glibc $system_glibc >= $REQUIRED_GLIBC: plain node runs the Chroma server; nothing to do."
  exit 0
fi

# --- 2. Preconditions ------------------------------------------------------------
arch=$(uname -m)
[[ $arch == x86_64 ]] || die "only x86_64 is supported (this machine is $arch)."
for tool in apt-get dpkg dpkg-deb; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found: this script needs a Debian-based system (system glibc is $system_glibc < $REQUIRED_GLIBC)."
done
node_bin=$(command -v node || true)

# Does the unpacked runtime work? Runs node (if present) through its loader.
runtime_works() {
  local dir=$1 loader="$1/$loader_rel" libpath="$1/usr/lib/$MULTIARCH"
  [[ -x $loader && -f $libpath/libc.so.6 && -e $libpath/libstdc++.so.6 && -e $libpath/libgcc_s.so.1 ]] || return 1
  if [[ -d $dir/lib/$MULTIARCH ]]; then libpath="$libpath:$dir/lib/$MULTIARCH"; fi
  if [[ -n $node_bin ]]; then
    "$loader" --library-path "$libpath" "$node_bin" -e 'process.exit(0)' >/dev/null 2>&1 || return 1
  else
    "$loader" --library-path "$libpath" /bin/true >/dev/null 2>&1 || return 1
  fi
}

mkdir -p "$cache_root" || die "cannot create $cache_root"

# Serialise concurrent runs (two test processes, a CI matrix on one runner...).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$cache_root/glibc-$SUITE.lock" || die "cannot open lock file $cache_root/glibc-$SUITE.lock"
  flock 9 || die "cannot lock $cache_root/glibc-$SUITE.lock"
fi

if [[ -f $dest/.complete ]] && runtime_works "$dest"; then
  log "reusing $dest ($(cat "$dest/.complete"))"
  exit 0
fi
if [[ -e $dest ]]; then
  log "$dest is incomplete or does not work; downloading again."
fi

keyring=''
for k in "/usr/share/keyrings/debian-archive-$SUITE-stable.gpg" "/usr/share/keyrings/debian-archive-$SUITE-automatic.gpg" /usr/share/keyrings/debian-archive-keyring.gpg; do
  if [[ -f $k ]]; then keyring=$k; break; fi
done
[[ -n $keyring ]] || die "no Debian archive keyring in /usr/share/keyrings (install or update the 'debian-archive-keyring' package)."

# --- 3. Download with a private apt state -------------------------------------------
work=$(mktemp -d "$cache_root/glibc-$SUITE.work.XXXXXX") || die "cannot create a work directory under $cache_root"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/sources.list.d" "$work/preferences.d" "$work/apt.conf.d" "$work/debs" "$work/root"
: >"$work/status"
cat >"$work/sources.list" <<EOF
deb [signed-by=$keyring] $mirror $SUITE main
EOF

private_apt_config "$work" >"$work/apt.conf"
export APT_CONFIG="$work/apt.conf"
log "system glibc $system_glibc < $REQUIRED_GLIBC: fetching ${PACKAGES[*]} from $mirror $SUITE (private apt state in $work)"
# apt-get update exits 0 even when an index could not be fetched, hence the
# check for a Packages file.
if ! apt-get -q update >"$work/update.log" 2>&1 ||
  grep -qE '^(E: |W: (Failed to fetch|GPG error|Some index files))' "$work/update.log" ||
  ! compgen -G "$work/lists/*_Packages*" >/dev/null; then
  cat "$work/update.log" >&2
  if grep -qE 'NO_PUBKEY|not signed|EXPKEYSIG|GPG error' "$work/update.log"; then
    die "apt could not verify $mirror $SUITE with $keyring; update the 'debian-archive-keyring' package (it must contain the $SUITE keys)."
  fi
  die "'apt-get update' for $mirror $SUITE failed (see above). Is $mirror reachable? Set CHROMA_RUNTIME_MIRROR to use another mirror."
fi
if ! (cd "$work/debs" && apt-get -q download "${PACKAGES[@]}") >"$work/download.log" 2>&1; then
  cat "$work/download.log" >&2
  die "'apt-get download ${PACKAGES[*]}' from $mirror $SUITE failed (see above)."
fi

# --- 4. Unpack, check, install atomically -----------------------------------------------
versions=()
for pkg in "${PACKAGES[@]}"; do
  deb=$(ls "$work/debs/${pkg}_"*_amd64.deb 2>/dev/null | head -n 1 || true)
  [[ -n $deb ]] || die "apt-get download did not produce a .deb for $pkg"
  dpkg -x "$deb" "$work/root" || die "dpkg -x $deb failed"
  versions+=("$pkg=$(dpkg-deb -f "$deb" Version)")
done
runtime_works "$work/root" || die "the unpacked $SUITE runtime in $work/root does not run${node_bin:+ $node_bin} through its loader $loader_rel"
printf '%s %s from %s\n' "$SUITE" "${versions[*]}" "$mirror" >"$work/root/.complete"

rm -rf "$dest"
mv "$work/root" "$dest" || die "cannot move the runtime into $dest"
log "installed ${versions[*]} into $dest"
log "run node through: $dest/$loader_rel --library-path $dest/usr/lib/$MULTIARCH $(command -v node || echo node) ..."
