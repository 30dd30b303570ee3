;; A JS string's UTF-16 units copied into the package's memory, for browsers (`units_of` in
;; lib.rs). There the engine's `TextEncoder.encodeInto` writes a string kept as UTF-16 a
;; character at a time: 1.0–1.4 ms for the 338,000 units of the `scripts` workload in
;; Chromium, where this copy takes 0.2 ms and the core's conversion then runs eight units at
;; a time. The JS String Builtins (`wasm:js-string`, given by the engine when the module is
;; compiled with `{ builtins: ["js-string"] }`) copy a string's units into a GC array at
;; memory speed; nothing copies a GC array into linear memory, so a loop does, four units
;; to a store. Where the engine has no such builtins (or no GC arrays), the module does not
;; compile or link, and the package goes on with `encodeInto`.
;;
;; Built into bytes by build.rs (the `wat` crate); the package compiles it off the page's
;; thread from its first store (`start_units_copy`), and imports its own memory into it.
(module
  (type $units (array (mut i16)))
  (import "wasm:js-string" "length" (func $length (param externref) (result i32)))
  (import "wasm:js-string" "substring"
    (func $substring (param externref i32 i32) (result (ref extern))))
  (import "wasm:js-string" "intoCharCodeArray"
    (func $into (param externref (ref null $units) i32) (result i32)))
  (import "package" "memory" (memory 0))

  ;; The array a piece's units go through, 64 KB, made at the first copy and kept: an array
  ;; of the whole string made for each copy would put 676 KB on the engine's heap for each
  ;; fold of `scripts`.
  (global $piece (mut (ref null $units)) (ref.null $units))

  ;; Writes units `$from` up to `$to` of `$s` at `$dst`, little-endian, and returns how many
  ;; (`$to - $from`, at most 32,768: the caller copies a long string piece by piece, so that
  ;; the engine's faster tier, compiled once this function has run for a while, copies the
  ;; rest); or writes nothing and returns -1 when `$s` has no such units. A store past the
  ;; memory traps (the call throws), before or after writing some; `$dst` is the caller's to
  ;; keep within the memory (an address past 4 GiB wraps around).
  (func (export "copy")
    (param $s externref) (param $from i32) (param $to i32) (param $dst i32) (result i32)
    (local $a (ref $units))
    (local $n i32)
    (local $i i32)
    (if (i32.or
          (i32.gt_u (local.get $to) (call $length (local.get $s)))
          (i32.gt_u (local.get $from) (local.get $to)))
      (then (return (i32.const -1))))
    (local.set $n (i32.sub (local.get $to) (local.get $from)))
    (if (i32.gt_u (local.get $n) (i32.const 32768))
      (then (return (i32.const -1))))
    (if (ref.is_null (global.get $piece))
      (then (global.set $piece (array.new_default $units (i32.const 32768)))))
    (local.set $a (ref.as_non_null (global.get $piece)))
    (drop (call $into
      (call $substring (local.get $s) (local.get $from) (local.get $to))
      (local.get $a)
      (i32.const 0)))
    (block $fours_done
      (loop $fours
        (br_if $fours_done (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
        (i64.store
          (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 1)))
          (i64.or
            (i64.or
              (i64.extend_i32_u (array.get_u $units (local.get $a) (local.get $i)))
              (i64.shl
                (i64.extend_i32_u
                  (array.get_u $units (local.get $a) (i32.add (local.get $i) (i32.const 1))))
                (i64.const 16)))
            (i64.or
              (i64.shl
                (i64.extend_i32_u
                  (array.get_u $units (local.get $a) (i32.add (local.get $i) (i32.const 2))))
                (i64.const 32))
              (i64.shl
                (i64.extend_i32_u
                  (array.get_u $units (local.get $a) (i32.add (local.get $i) (i32.const 3))))
                (i64.const 48)))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $fours)))
    (block $done
      (loop $ones
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (i32.store16
          (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 1)))
          (array.get_u $units (local.get $a) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $ones)))
    (local.get $n)))
