/// The API gate `viper new --contract-library` writes into the library's package (`API/gate`), and
/// the test that runs it in `swift test`: Contracts/API/gate for a contract library. It holds the
/// library to the rule viper enforces between plugins (docs/PLUGIN_AUTHORS.md, "Changing the
/// library"): the interface a version is recorded once, as a digest in `__Name__Library.compiled`,
/// which every plugin built against it carries; a change needs a new version, and a change that
/// breaks built plugins (a requirement added without a default, anything removed) a new major.
enum ContractLibraryGateTemplate {
    static let path = "API/gate"

    static let script = #"""
        #!/usr/bin/env bash
        # The API gate of the contract library __Name__ (as viper's Contracts/API/gate): compares this
        # build's interface with the released baseline named in API/BASELINE (the toolchain's
        # swift-api-digester), and its digest with the one __Name__Library.compiled records. Fails when
        #   - something a built plugin relies on was removed or changed (a protocol requirement added
        #     without a default is one), unless the major went up;
        #   - the interface changed but the version did not: viper refuses a provider and a consumer
        #     built against one version with different interfaces;
        #   - this version's interface is not recorded yet, or the two version numbers differ.
        #
        #   API/gate [--modules DIR]         check ('swift test' runs it)
        #   API/gate --cut [--modules DIR]   record this build as the baseline of its version and its
        #                                    digest in __Name__Library.compiled (build first, then rebuild)
        #   API/gate --recut [--modules DIR] record this build again as the version already cut, when that
        #                                    version was never released (no plugin built against it is out);
        #                                    it is then held to the version before it, if there is one
        #
        # DIR is the build's Modules folder (default: .build/debug/Modules).
        set -euo pipefail
        here=$(cd "$(dirname "$0")" && pwd)
        root=$(cd "$here/.." && pwd)
        name=__Name__
        modules="$root/.build/debug/Modules"
        cut=no
        recut=no
        while [ $# -gt 0 ]; do
            case "$1" in
                --modules) [ $# -ge 2 ] || { echo "gate: --modules needs a folder" >&2; exit 64; }; modules=$2; shift 2 ;;
                --cut) cut=yes; shift ;;
                --recut) cut=yes; recut=yes; shift ;;
                -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
                *) echo "gate: unknown option '$1'; see 'API/gate --help'" >&2; exit 64 ;;
            esac
        done
        interface="$modules/$name.swiftinterface"
        if [ ! -f "$interface" ]; then
            echo "gate: no $name.swiftinterface in $modules; build first ('swift build') or name the folder with --modules" >&2
            exit 66
        fi
        source_file="$root/Sources/$name/${name}Library.swift"

        # The digest: the interface without the compiler's header lines and without the line that
        # records the digest (the body of `compiled`, which also holds the version).
        digest=$(grep -v '^// swift-' "$interface" | grep -v 'interface: "' | sha256sum | cut -c1-64)
        line=$(grep "ContractLibraryVersion(name: \"$name\"" "$interface" | head -1 || true)
        version=$(printf '%s' "$line" | sed -n 's/.*major: \([0-9][0-9]*\), minor: \([0-9][0-9]*\).*/\1.\2/p')
        recorded=$(printf '%s' "$line" | sed -n 's/.*interface: "\([0-9a-f]*\)".*/\1/p')
        if [ -z "$version" ]; then
            echo "gate: cannot read the version of ${name}Library.compiled in $interface ('major: M, minor: N, interface: \"...\"')" >&2
            exit 65
        fi
        major() { echo "${1%%.*}"; }
        minor() { echo "${1#*.}"; }
        # The build is read, so a version raised in the source but not built yet would be judged
        # (and cut) as the old one: say so, and what to run, before anything else.
        written=$(grep "ContractLibraryVersion(name: \"$name\"" "$source_file" | head -1 |
            sed -n 's/.*major: \([0-9][0-9]*\), minor: \([0-9][0-9]*\).*/\1.\2/p' || true)
        if [ -n "$written" ] && [ "$written" != "$version" ]; then
            again="API/gate"
            if [ "$recut" = yes ]; then again="API/gate --recut"; elif [ "$cut" = yes ]; then again="API/gate --cut"; fi
            echo "gate: ${name}Library.compiled says $written in $source_file, but the build in $modules says $version:" \
                "the build is older than the source; run 'swift build', then $again again"
            exit 1
        fi
        record=$(sed -n 's/.*(0x5643_4C42, 0x\([0-9A-Fa-f]\{4\}\)_\([0-9A-Fa-f]\{4\}\)).*/\1 \2/p' "$source_file" | head -1)
        if [ "$record" != "$(printf '%04X %04X' "$(major "$version")" "$(minor "$version")")" ]; then
            echo "gate: the viper_contract_library record in $source_file does not say $version as ${name}Library.compiled does; make both say it (0x5643_4C42, 0xMMMM_mmmm)"
            exit 1
        fi
        baseline=$(tr -d '[:space:]' 2>/dev/null <"$here/BASELINE" || true)
        if [ "$recut" = yes ] && [ "$baseline" = "$version" ]; then
            # Re-cutting the baseline's own version: its record is replaced, and the version recorded
            # before it (the highest folder of API/ below it), if any, is the one it must keep.
            baseline=$(ls "$here" | grep -E '^[0-9]+\.[0-9]+$' | sort -t. -k1,1n -k2,2n |
                awk -v v="$version" 'BEGIN { split(v, c, ".") } { split($0, p, "."); if (p[1] < c[1] || (p[1] == c[1] && p[2] < c[2])) last = $0 } END { print last }')
        fi

        status=0
        if [ -n "$baseline" ]; then
            digester=$(command -v swift-api-digester || true)
            if [ -z "$digester" ]; then
                echo "gate: swift-api-digester not found; it ships with the Swift toolchain: put the toolchain's bin folder on PATH" >&2
                exit 69
            fi
            work=$(mktemp -d)
            trap 'rm -rf "$work"' EXIT
            mkdir "$work/base"
            cp "$here/$baseline/$name.swiftinterface" "$work/base/"
            "$digester" -dump-sdk -module "$name" -I "$work/base" -I "$modules" -abi -avoid-tool-args -abort-on-module-fail -o "$work/base.json"
            "$digester" -diagnose-sdk -baseline-path "$work/base.json" -module "$name" -I "$modules" -abi \
                -compiler-style-diags -abort-on-module-fail >"$work/report.txt" 2>&1 || true
            if grep -q "Failed to load module\|Cannot diagnose\|could not build module" "$work/report.txt"; then
                echo "gate: swift-api-digester could not load the modules in $modules:" >&2
                cat "$work/report.txt" >&2
                exit 70
            fi
            breaks=$(grep -E '(error|warning): (ABI|API) breakage' "$work/report.txt" | grep -v 'is a new API without' | sed "s|$root/||" || true)
            if [ "$(major "$version")" -lt "$(major "$baseline")" ] ||
               { [ "$(major "$version")" -eq "$(major "$baseline")" ] && [ "$(minor "$version")" -lt "$(minor "$baseline")" ]; }; then
                echo "gate: this build says $name $version, older than the released $baseline; versions only go up"
                status=1
            fi
            if [ -n "$breaks" ] && [ "$(major "$version")" -le "$(major "$baseline")" ]; then
                printf '%s\n' "$breaks"
                echo "gate: $name $version breaks plugins built against $baseline (above): restore what changed, or add beside it" \
                    "(a protocol requirement needs a default); if the break is meant, raise the major in ${name}Library.compiled" \
                    "and the viper_contract_library record, then 'swift build' and API/gate --cut"
                status=1
            fi
        fi
        if [ "$digest" != "$recorded" ]; then
            if [ -n "$baseline" ] && [ "$version" = "$baseline" ]; then
                echo "gate: the interface of $name changed but it still says $version, which plugins were built against:" \
                    "viper would refuse a provider and a consumer built on either side. Raise the minor for an addition" \
                    "with a default (the major for anything else) in ${name}Library.compiled and the viper_contract_library" \
                    "record, then 'swift build' and API/gate --cut; or, if $version was never released (no plugin built against it is out)," \
                    "record this interface as $version instead: API/gate --recut"
                status=1
            elif [ "$cut" = no ]; then
                echo "gate: the interface of $name $version is not recorded yet (${name}Library.compiled says interface:" \
                    "\"$recorded\", this build is $digest); run API/gate --cut, then rebuild"
                status=1
            fi
        fi
        if [ "$cut" = yes ]; then
            if [ "$status" != 0 ]; then
                if [ "$recut" = no ] && [ "$version" = "$baseline" ]; then
                    echo "gate: nothing was cut: $version is cut already; fix what is above, or, if $version was never released," \
                        "record this build as $version again with API/gate --recut"
                else
                    echo "gate: nothing was cut; fix what is above, then run API/gate $([ "$recut" = yes ] && echo --recut || echo --cut) again"
                fi
                exit 1
            fi
            mkdir -p "$here/$version"
            cp "$interface" "$here/$version/$name.swiftinterface"
            echo "$version" >"$here/BASELINE"
            sed -i "s/interface: \"[0-9a-f]*\"/interface: \"$digest\"/" "$source_file"
            echo "gate: API/$version is the baseline of $name and ${name}Library.compiled records its interface ($digest);" \
                "rebuild ('swift build'), commit API/ and the source, and rebuild the plugins against it"
            exit 0
        fi
        if [ "$status" = 0 ]; then
            echo "gate: $name $version is the recorded interface ($digest)${baseline:+ and keeps every promise of the released $baseline}"
        fi
        exit "$status"

        """#

    static let test = #"""
        // Runs API/gate in 'swift test': the library's interface is the one its version recorded,
        // and keeps the promises of the released baseline (see API/gate --help).
        import Foundation
        import Testing

        @Test func theInterfaceIsTheOneItsVersionRecordedAndKeepsTheBaselinesPromises() throws {
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let gate = Process()
            gate.executableURL = package.appendingPathComponent("API/gate")
            gate.currentDirectoryURL = package
            let output = Pipe()
            gate.standardOutput = output
            gate.standardError = output
            try gate.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            gate.waitUntilExit()
            #expect(gate.terminationStatus == 0, "\(said)")
        }

        """#
}
