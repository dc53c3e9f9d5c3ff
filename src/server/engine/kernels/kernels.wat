;; The count engine's inner loops, where a JS loop costs ~4 ns a step on this machine and these
;; ~1. Assembled from this text when a worker starts (kernels.ts); every pointer is a byte
;; offset into the instance's own memory.
(module
  (memory (export "memory") 1 65536)

  ;; Sets the people of one array container (n u16 people at $src) in a zeroed 8 KB bitset
  ;; at $dst: person p is bit p & 31 of little-endian u32 word p >> 5, roaring's layout.
  (func (export "arrayToBitset") (param $src i32) (param $n i32) (param $dst i32)
    (local $end i32) (local $p i32) (local $w i32)
    (local.set $end (i32.add (local.get $src) (i32.shl (local.get $n) (i32.const 1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $p (i32.load16_u (local.get $src)))
        (local.set $w (i32.add (local.get $dst) (i32.shl (i32.shr_u (local.get $p) (i32.const 5)) (i32.const 2))))
        (i32.store (local.get $w)
          (i32.or (i32.load (local.get $w)) (i32.shl (i32.const 1) (i32.and (local.get $p) (i32.const 31)))))
        (local.set $src (i32.add (local.get $src) (i32.const 2)))
        (br $next))))

;; ANDs the 8 KB bitset at $src into the one at $dst; returns the people left.
  (func (export "andBitset") (param $dst i32) (param $src i32) (result i32)
    (local $end i32) (local $w i64) (local $card i64)
    (local.set $end (i32.add (local.get $dst) (i32.const 8192)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $w (i64.and (i64.load (local.get $dst)) (i64.load (local.get $src))))
        (i64.store (local.get $dst) (local.get $w))
        (local.set $card (i64.add (local.get $card) (i64.popcnt (local.get $w))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 8)))
        (local.set $src (i32.add (local.get $src) (i32.const 8)))
        (br $next)))
    (i32.wrap_i64 (local.get $card)))

    ;; Lists the people of an 8 KB bitset container at $src, the first of the chunk being $base,
  ;; as u32 at $out; returns how many.
  (func (export "bitsetIds") (param $src i32) (param $base i32) (param $out i32) (result i32)
    (local $end i32) (local $w i64) (local $first i32)
    (local.set $first (local.get $out))
    (local.set $end (i32.add (local.get $src) (i32.const 8192)))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $w (i64.load (local.get $src)))
        (block $empty
          (loop $bit
            (br_if $empty (i64.eqz (local.get $w)))
            (i32.store (local.get $out) (i32.add (local.get $base) (i32.wrap_i64 (i64.ctz (local.get $w)))))
            (local.set $out (i32.add (local.get $out) (i32.const 4)))
            (local.set $w (i64.and (local.get $w) (i64.sub (local.get $w) (i64.const 1))))
            (br $bit)))
        (local.set $src (i32.add (local.get $src) (i32.const 8)))
        (local.set $base (i32.add (local.get $base) (i32.const 64)))
        (br $word)))
    (i32.shr_u (i32.sub (local.get $out) (local.get $first)) (i32.const 2)))

  ;; Lists the $n people of an array container at $src (u16 each, plus $base) as u32 at $out.
  (func (export "arrayIds") (param $src i32) (param $n i32) (param $base i32) (param $out i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $src) (i32.shl (local.get $n) (i32.const 1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (i32.store (local.get $out) (i32.add (local.get $base) (i32.load16_u (local.get $src))))
        (local.set $src (i32.add (local.get $src) (i32.const 2)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $next))))

  ;; Adds $code to byte $column of the rows of people ids[0..n) (u32 at $ids; rows of $rowBytes
  ;; bytes from person $base at $rows). Returns how many of those cells held more than $above
  ;; already: a person with two values of one category.
  (func (export "fillCodes") (param $ids i32) (param $n i32) (param $base i32) (param $rows i32) (param $rowBytes i32) (param $column i32) (param $code i32) (param $above i32) (result i32)
    (local $end i32) (local $cell i32) (local $clashes i32) (local $old i32)
    (local.set $end (i32.add (local.get $ids) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $rows (i32.add (local.get $rows) (local.get $column)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (local.set $cell (i32.add (local.get $rows)
          (i32.mul (i32.sub (i32.load (local.get $ids)) (local.get $base)) (local.get $rowBytes))))
        (local.set $old (i32.load8_u (local.get $cell)))
        (local.set $clashes (i32.add (local.get $clashes) (i32.gt_u (local.get $old) (local.get $above))))
        (i32.store8 (local.get $cell) (i32.add (local.get $old) (local.get $code)))
        (local.set $ids (i32.add (local.get $ids) (i32.const 4)))
        (br $next)))
    (local.get $clashes))

  ;; Adds, for people ids[0..n), one to hist[c * 256 + row[c]] (u32) for each column c of their
  ;; rows (8 or 16 bytes a person from person $base at $rows; unused columns hold 0). People come
  ;; in batches of 256: first their rows are copied to $tmp, a loop of independent loads that
  ;; keeps many cache misses in flight, then counted from there, the columns unrolled.
  (func (export "histogram8") (param $ids i32) (param $n i32) (param $base i32) (param $rows i32) (param $hist i32) (param $tmp i32)
    (local $end i32) (local $batch i32) (local $k i32) (local $row i32) (local $at i32)
    (local.set $end (i32.add (local.get $ids) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next_batch
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (local.set $batch (i32.shr_u (i32.sub (local.get $end) (local.get $ids)) (i32.const 2)))
        (if (i32.gt_u (local.get $batch) (i32.const 256)) (then (local.set $batch (i32.const 256))))
        (local.set $k (i32.const 0))
        (block $gathered
          (loop $gather
            (br_if $gathered (i32.ge_u (local.get $k) (local.get $batch)))
            (local.set $row (i32.add (local.get $rows)
              (i32.shl (i32.sub (i32.load (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 2)))) (local.get $base)) (i32.const 3))))
            (local.set $at (i32.add (local.get $tmp) (i32.shl (local.get $k) (i32.const 3))))
            (i64.store (local.get $at) (i64.load (local.get $row)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $gather)))
        (local.set $row (local.get $tmp))
        (local.set $k (i32.add (local.get $tmp) (i32.shl (local.get $batch) (i32.const 3))))
        (block $counted
          (loop $count
            (br_if $counted (i32.ge_u (local.get $row) (local.get $k)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=0 (local.get $row)) (i32.const 2))))
            (i32.store offset=0 (local.get $at) (i32.add (i32.load offset=0 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=1 (local.get $row)) (i32.const 2))))
            (i32.store offset=1024 (local.get $at) (i32.add (i32.load offset=1024 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=2 (local.get $row)) (i32.const 2))))
            (i32.store offset=2048 (local.get $at) (i32.add (i32.load offset=2048 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=3 (local.get $row)) (i32.const 2))))
            (i32.store offset=3072 (local.get $at) (i32.add (i32.load offset=3072 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=4 (local.get $row)) (i32.const 2))))
            (i32.store offset=4096 (local.get $at) (i32.add (i32.load offset=4096 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=5 (local.get $row)) (i32.const 2))))
            (i32.store offset=5120 (local.get $at) (i32.add (i32.load offset=5120 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=6 (local.get $row)) (i32.const 2))))
            (i32.store offset=6144 (local.get $at) (i32.add (i32.load offset=6144 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=7 (local.get $row)) (i32.const 2))))
            (i32.store offset=7168 (local.get $at) (i32.add (i32.load offset=7168 (local.get $at)) (i32.const 1)))
            (local.set $row (i32.add (local.get $row) (i32.const 8)))
            (br $count)))
        (local.set $ids (i32.add (local.get $ids) (i32.shl (local.get $batch) (i32.const 2))))
        (br $next_batch))))

  (func (export "histogram16") (param $ids i32) (param $n i32) (param $base i32) (param $rows i32) (param $hist i32) (param $tmp i32)
    (local $end i32) (local $batch i32) (local $k i32) (local $row i32) (local $at i32)
    (local.set $end (i32.add (local.get $ids) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next_batch
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (local.set $batch (i32.shr_u (i32.sub (local.get $end) (local.get $ids)) (i32.const 2)))
        (if (i32.gt_u (local.get $batch) (i32.const 256)) (then (local.set $batch (i32.const 256))))
        (local.set $k (i32.const 0))
        (block $gathered
          (loop $gather
            (br_if $gathered (i32.ge_u (local.get $k) (local.get $batch)))
            (local.set $row (i32.add (local.get $rows)
              (i32.shl (i32.sub (i32.load (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 2)))) (local.get $base)) (i32.const 4))))
            (local.set $at (i32.add (local.get $tmp) (i32.shl (local.get $k) (i32.const 4))))
            (i64.store (local.get $at) (i64.load (local.get $row)))
            (i64.store offset=8 (local.get $at) (i64.load offset=8 (local.get $row)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $gather)))
        (local.set $row (local.get $tmp))
        (local.set $k (i32.add (local.get $tmp) (i32.shl (local.get $batch) (i32.const 4))))
        (block $counted
          (loop $count
            (br_if $counted (i32.ge_u (local.get $row) (local.get $k)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=0 (local.get $row)) (i32.const 2))))
            (i32.store offset=0 (local.get $at) (i32.add (i32.load offset=0 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=1 (local.get $row)) (i32.const 2))))
            (i32.store offset=1024 (local.get $at) (i32.add (i32.load offset=1024 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=2 (local.get $row)) (i32.const 2))))
            (i32.store offset=2048 (local.get $at) (i32.add (i32.load offset=2048 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=3 (local.get $row)) (i32.const 2))))
            (i32.store offset=3072 (local.get $at) (i32.add (i32.load offset=3072 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=4 (local.get $row)) (i32.const 2))))
            (i32.store offset=4096 (local.get $at) (i32.add (i32.load offset=4096 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=5 (local.get $row)) (i32.const 2))))
            (i32.store offset=5120 (local.get $at) (i32.add (i32.load offset=5120 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=6 (local.get $row)) (i32.const 2))))
            (i32.store offset=6144 (local.get $at) (i32.add (i32.load offset=6144 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=7 (local.get $row)) (i32.const 2))))
            (i32.store offset=7168 (local.get $at) (i32.add (i32.load offset=7168 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=8 (local.get $row)) (i32.const 2))))
            (i32.store offset=8192 (local.get $at) (i32.add (i32.load offset=8192 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=9 (local.get $row)) (i32.const 2))))
            (i32.store offset=9216 (local.get $at) (i32.add (i32.load offset=9216 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=10 (local.get $row)) (i32.const 2))))
            (i32.store offset=10240 (local.get $at) (i32.add (i32.load offset=10240 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=11 (local.get $row)) (i32.const 2))))
            (i32.store offset=11264 (local.get $at) (i32.add (i32.load offset=11264 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=12 (local.get $row)) (i32.const 2))))
            (i32.store offset=12288 (local.get $at) (i32.add (i32.load offset=12288 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=13 (local.get $row)) (i32.const 2))))
            (i32.store offset=13312 (local.get $at) (i32.add (i32.load offset=13312 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=14 (local.get $row)) (i32.const 2))))
            (i32.store offset=14336 (local.get $at) (i32.add (i32.load offset=14336 (local.get $at)) (i32.const 1)))
            (local.set $at (i32.add (local.get $hist) (i32.shl (i32.load8_u offset=15 (local.get $row)) (i32.const 2))))
            (i32.store offset=15360 (local.get $at) (i32.add (i32.load offset=15360 (local.get $at)) (i32.const 1)))
            (local.set $row (i32.add (local.get $row) (i32.const 16)))
            (br $count)))
        (local.set $ids (i32.add (local.get $ids) (i32.shl (local.get $batch) (i32.const 2))))
        (br $next_batch))))
)
