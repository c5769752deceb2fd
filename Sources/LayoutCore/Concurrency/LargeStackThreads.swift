import Foundation

/// Threads with a large stack that run deep trees' builds and passes, kept between them.
///
/// A pass over a tree deeper than the caller's stack can hold runs on one of these and the
/// caller waits. Keeping the threads means a deep pass starts no thread (tens of microseconds)
/// and touches stack pages that are already mapped: a new thread's stack is fresh memory, and
/// faulting it in was a fifth of a 1,000-level chain's pass. What a kept thread's stack holds
/// after a job is trimmed to `keptStackBytes`, so a 10,000-level tree laid out once does not
/// keep its tens of megabytes.
final class LargeStackThreads: @unchecked Sendable {
    static let shared = LargeStackThreads()

    init() {}

    /// Idle threads kept (more run at once when hosts on several threads lay out deep trees;
    /// those end after their job).
    static let keptIdle = 2
    /// Stack a kept thread keeps resident between jobs; deeper pages are given back.
    static let keptStackBytes = 8 << 20
    /// How far above a kept stack's far end trimming stops (the mapping holds more than the
    /// stack below the thread's first frame).
    static let trimMargin = 1 << 20

    private let lock = NSLock()
    private var idle: [Worker] = []
    /// Threads started, for tests (a second deep pass must not start one).
    private(set) var started = 0

    /// Runs `job` on a large-stack thread and waits for it.
    func run(_ job: () -> Void) {
        withoutActuallyEscaping(job) { job in
            let worker = take()
            worker.job = UncheckedSendableBox(job)
            worker.start.signal()
            worker.done.wait()
            giveBack(worker)
        }
    }

    var threadsStarted: Int { lock.withLock { started } }

    private func take() -> Worker {
        if let worker = lock.withLock({ idle.popLast() }) { return worker }
        lock.withLock { started += 1 }
        let worker = Worker()
        let thread = Thread { worker.loop() }
        thread.stackSize = LayoutHost.deepTreeStackSize
        thread.start()
        return worker
    }

    private func giveBack(_ worker: Worker) {
        let kept = lock.withLock { () -> Bool in
            guard idle.count < LargeStackThreads.keptIdle else { return false }
            idle.append(worker)
            return true
        }
        if !kept {
            worker.job = nil
            worker.start.signal()
        }
    }

    /// One kept thread: waits for a job, runs it, signals, and ends when woken without one.
    private final class Worker: @unchecked Sendable {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        /// Written by the caller before `start` is signalled and cleared by the thread before
        /// `done` is: the semaphores order every access.
        var job: UncheckedSendableBox<() -> Void>?

        func loop() {
            // The stack's top, near enough: this frame is the thread's first below its start.
            let top = stackPosition()
            while true {
                start.wait()
                guard runJob() else { return }
                done.signal()
                // After the signal, off the caller's path; a next job waits on `start` until
                // this returns.
                trimStack(below: top)
            }
        }

        /// Runs the job handed over and lets go of it (the caller's closure must not outlive
        /// its wait); false when woken without one.
        private func runJob() -> Bool {
            guard let job else { return false }
            self.job = nil
            job.value()
            return true
        }

        /// Gives back the pages of the stack deeper than `keptStackBytes` below `top` (a job
        /// touched them; none is in use now, this frame being near the top).
        private func trimStack(below top: UInt) {
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let keptLow = (top - UInt(LargeStackThreads.keptStackBytes)) & ~(page - 1)
            // Short of the stack's far end by a margin: the thread's descriptor and TLS sit
            // above `top` within the mapping.
            let low = (top - UInt(LayoutHost.deepTreeStackSize) + UInt(LargeStackThreads.trimMargin) + page - 1) & ~(page - 1)
            guard keptLow > low, let start = UnsafeMutableRawPointer(bitPattern: low) else { return }
            madvise(start, Int(keptLow - low), MADV_DONTNEED)
        }
    }
}

/// The address of a local of the caller's frame: where its thread's stack is now.
@inline(never)
func stackPosition() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
