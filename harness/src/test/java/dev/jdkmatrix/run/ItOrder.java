package dev.jdkmatrix.run;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.Order;

/**
 * The order the side-by-side integration test classes are handed to JUnit's pool (failsafe's
 * configuration names it): the longest first ({@link Order}, lowest first), then those without one
 * by name. The pool's threads take classes from the front of the list and one from its back, so
 * the long classes start early and the short ones fill in around them, rather than a long class
 * running alone at the end.
 */
public final class ItOrder implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.<org.junit.jupiter.api.ClassDescriptor>comparingInt(
                        d -> d.findAnnotation(Order.class).map(Order::value).orElse(Order.DEFAULT))
                .thenComparing(d -> d.getTestClass().getName()));
    }
}
